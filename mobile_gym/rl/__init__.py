"""Reinforcement-learning integrations: observation stacks every RL library's default
networks accept (`stacks`), per-runner episode seeds (`seeding`) and Ray RLlib (`rllib`,
under the `ray` extra; importing this package does not import Ray)."""
