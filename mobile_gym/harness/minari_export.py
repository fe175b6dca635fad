"""Dataset episodes as a Minari dataset (Farama's offline-RL standard; the `dataset` extra).

The dataset is written where Minari keeps local datasets (`MINARI_DATASETS_PATH`, else
`~/.minari/datasets`), in Minari's `arrow` format with lossless frames (no JPEG), so
`minari.load_dataset(dataset_id)` gives back exactly the replayed observations. Per episode:

* observations: Dict `pixels` (H, W, 3) uint8, `view_hierarchy` and `instruction` (Text), T+1 rows;
* actions: the agent's action in its own space (the raw Dict, the ElementActions Dict or
  the AndroidWorld JSON text); a raw Dict's `input_token` is widened to the largest task
  vocabulary of the dataset, so tasks with different vocabularies share one space;
* infos: `success` and `score` (row 0 from the reset, row t+1 from step t);
* episode metadata (`dataset.storage.get_episode_metadata([i])`): the episode's
  `episodes.jsonl` line, plus `action_json`, `raw_actions` and `device_ops`, the other
  forms of each action (JSON text, one per step).

Minari stores Text spaces with a charset; it records the sampling charset of mobile_gym's
UnicodeText (printable ASCII), while the stored strings may hold any Unicode.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from mobile_gym.harness.dataset import DatasetEpisode, DatasetError
from mobile_gym.spaces.text import PRINTABLE

#: The longest view hierarchy / instruction the dataset's Text spaces declare (Minari does not
#: check stored strings against it).
TEXT_MAX_LENGTH = 1 << 24
#: Minari's warnings about optional metadata left unset (author, code link, eval env, env spec).
_UNSET_METADATA = r"(`\w+` is set to None|env_spec is None)"


def require_minari() -> Any:
    """The minari module, or a DatasetError saying how to install it."""
    try:
        import minari
    except ImportError:
        raise DatasetError("--format minari needs the minari package: pip install 'mobile-gym[dataset]'") from None
    return minari


def check_new_dataset_id(dataset_id: str) -> None:
    """DatasetError when `dataset_id` is not a Minari id or a local dataset already has it."""
    minari = require_minari()
    from minari.dataset.minari_dataset import parse_dataset_id
    from minari.storage import get_dataset_path

    try:
        parse_dataset_id(dataset_id)  # TypeError for an id without its version
    except (ValueError, TypeError):
        raise DatasetError(f"--dataset-id {dataset_id!r}: expected (NAMESPACE/)NAME-vVERSION, e.g. "
                           "mobile_gym/oracle-v0") from None
    if (get_dataset_path(dataset_id) / "data").exists():
        raise DatasetError(f"--dataset-id {dataset_id!r}: a Minari dataset with this id already exists in "
                           f"{get_dataset_path()} (choose another id or version, e.g. -v1)")
    del minari


def observation_space(obs_size: tuple[int, int]) -> spaces.Dict:
    """The dataset's observation space for frames of (width, height) `obs_size`."""
    width, height = obs_size
    text = spaces.Text(TEXT_MAX_LENGTH, min_length=0, charset=PRINTABLE)
    return spaces.Dict({"pixels": spaces.Box(0, 255, (height, width, 3), np.uint8),
                        "view_hierarchy": text, "instruction": text})


def merge_action_spaces(found: Sequence[spaces.Space]) -> spaces.Space:
    """One action space for episodes of several tasks: equal spaces, where a Dict's Discrete
    parts may differ in size (the largest is kept). DatasetError when they cannot share one."""
    if not found:
        raise DatasetError("no episodes to export")
    first = found[0]
    if isinstance(first, spaces.Dict) and all(isinstance(s, spaces.Dict) and s.keys() == first.keys()
                                                for s in found):
        parts = {}
        for key, sub in first.spaces.items():
            subs = [s.spaces[key] for s in found]
            if isinstance(sub, spaces.Discrete) and all(isinstance(s, spaces.Discrete) for s in subs):
                parts[key] = spaces.Discrete(max(int(s.n) for s in subs))
            else:
                parts[key] = merge_action_spaces(subs)
        return spaces.Dict(parts)
    if any(s != first for s in found[1:]):
        kinds = sorted({type(s).__name__ + (f"({sorted(s.keys())})" if isinstance(s, spaces.Dict) else "")
                        for s in found})
        raise DatasetError(f"the episodes' agents act in different action spaces ({'; '.join(kinds)}), which one "
                           "Minari dataset cannot hold; export tasks of one kind (families or task files) "
                           "per dataset, or use --format jsonl")
    return first


def _column(space: spaces.Space, values: list[Any]) -> Any:
    """Minari's batch form of `values` (per key for a Dict)."""
    if isinstance(space, spaces.Dict):
        return {key: _column(sub, [v[key] for v in values]) for key, sub in space.spaces.items()}
    if isinstance(space, spaces.Box):
        return [np.asarray(v, dtype=space.dtype).reshape(space.shape) for v in values]
    if isinstance(space, spaces.Discrete):
        return [int(v) for v in values]
    return [str(v) for v in values]


def episode_buffer(episode: DatasetEpisode, index: int, action_space: spaces.Space) -> Any:
    """The Minari EpisodeBuffer of one episode."""
    from minari.data_collector.episode_buffer import EpisodeBuffer

    obs = episode.observations
    infos = [episode.reset_info] + [s.info for s in episode.steps]
    return EpisodeBuffer(
        id=index, seed=int(episode.record["seed"]),
        observations={"pixels": [o["pixels"] for o in obs], "view_hierarchy": [o["view_hierarchy"] for o in obs],
                      "instruction": [o["instruction"] for o in obs]},
        actions=_column(action_space, [s.action for s in episode.steps]),
        rewards=[s.reward for s in episode.steps], terminations=[s.terminated for s in episode.steps],
        truncations=[s.truncated for s in episode.steps],
        infos={"success": [bool(i.get("success", False)) for i in infos],
               "score": [float(i.get("score", 0.0) or 0.0) for i in infos]})


class MinariWriter:
    """Writes episodes into the new Minari dataset `dataset_id` (created with the first one)."""

    def __init__(self, dataset_id: str, *, obs_size: tuple[int, int], action_space: spaces.Space,
                 algorithm_name: str, description: str) -> None:
        self._minari = require_minari()
        self.dataset_id = dataset_id
        self.obs_size = obs_size
        self.action_space = action_space
        self.algorithm_name = algorithm_name
        self.description = description
        self._dataset: Any = None
        self.count = 0

    def add(self, episode: DatasetEpisode) -> None:
        if not episode.steps:
            return  # Minari holds no episode without a step
        buffer = episode_buffer(episode, self.count, self.action_space)
        if self._dataset is None:
            with warnings.catch_warnings():  # Minari's reminders of metadata an export has none of
                warnings.filterwarnings("ignore", category=UserWarning, message=_UNSET_METADATA)
                self._dataset = self._create(buffer)
        else:
            self._dataset.update_dataset_from_buffer([buffer])
        steps = episode.steps
        forms = {"action_json": [json.dumps(s.action_json, sort_keys=True, ensure_ascii=False) for s in steps],
                 "raw_actions": [json.dumps(s.raw_actions, sort_keys=True) for s in steps],
                 "device_ops": [json.dumps(s.device_ops, sort_keys=True, ensure_ascii=False) for s in steps]}
        self._dataset.storage.update_episode_metadata([{**episode.summary(self.obs_size), **forms}], [self.count])
        self.count += 1

    def _create(self, buffer: Any) -> Any:
        return self._minari.create_dataset_from_buffers(
            self.dataset_id, [buffer], observation_space=observation_space(self.obs_size),
            action_space=self.action_space, algorithm_name=self.algorithm_name,
            description=self.description, data_format="arrow", jpeg_encoding=False)

    def finish(self) -> int:
        """How many episodes were written (DatasetError when none could be)."""
        if self._dataset is None:
            raise DatasetError(f"--dataset-id {self.dataset_id!r}: no episode with a step to export")
        return self.count
