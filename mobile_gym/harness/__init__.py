"""Suite runs over mobile_gym tasks: task selection and seeds (`suites`), one episode
(`episode`), worker processes and resumable JSONL (`runner`), scores with Wilson intervals
(`scores`), tables/plots/HTML (`results`), GIF/MP4 replays (`render`), CLI (`command`), datasets of recorded
episodes (`dataset`, `minari_export`, CLI `dataset_command`) and TensorBoard scalars (`metrics`)."""
