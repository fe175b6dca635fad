"""PPO on OpenApp with the goal in the observation (GoalVector), on a small budget.

OpenApp asks for one of the phone's apps per seed; without the goal a policy cannot tell
which. The stack is GoalVector(ElementFeatures(ElementClicks(ElementActions(env)))): one
integer clicks element i of the screen (or presses back/home), the observation is the
screen's elements as floats plus the instruction's hashed bag of words, for SB3's
MultiInputPolicy. A wrong app in front fails the episode, so success means choosing the
named app; a random policy succeeds about once in ten.

Observations are normalised (SB3's VecNormalize: running mean and variance per input). Without
it PPO does not learn this task: the 1056 element features are the same on every launcher
screen and, fed raw into the policy's tanh layers, drown the one goal word that differs between
episodes (measured: 0.0-0.26 success after 8192 steps, 1.0 with normalisation).

Element clicks rather than a tap grid: every launcher icon is one action whatever the grid,
where a 4x8 grid left two of the ten icons under no cell centre. The policy does not read
element text (ElementFeatures has geometry, flags and classes), so it learns which position
in the launcher's alphabetical list each goal word means: it masters this phone, not any
phone.

Prints the success rate of a uniformly random policy and of the trained one on held-out
seeds (never used in training), the wall time and its split into env / inference /
training. Usage:

    python examples/sb3_openapp_goal.py [--timesteps 8192] [--eval-seeds 50] [--json out.json] [--tensorboard DIR]
"""

from __future__ import annotations

from sb3_common import element_click_features, parse_args, train_and_compare

from mobile_gym.wrappers import GoalVector

MAX_ELEMENTS = 32  # the launcher lists 18 elements; the same bound for actions and feature rows

#: PPO settings (besides MultiInputPolicy, a 64x64 MLP and the CPU).
PPO_SETTINGS = dict(n_steps=128, batch_size=64, n_epochs=10, learning_rate=1e-3, ent_coef=0.01, gamma=0.9)


def make_env() -> GoalVector:
    """The documented goal-conditioned stack on OpenApp; no pixels (the policy does not use them)."""
    return GoalVector(element_click_features("OpenApp", MAX_ELEMENTS))


def main() -> None:
    args = parse_args(__doc__, timesteps=8192, eval_seeds=50)
    train_and_compare("OpenApp", make_env, args, ppo=PPO_SETTINGS,
                      actions=f"ElementClicks({MAX_ELEMENTS} elements + back, home)")


if __name__ == "__main__":
    main()
