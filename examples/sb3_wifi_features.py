"""PPO on SystemWifiTurnOff from the screen's element features, on a small budget.

The task is one fixed goal (turn Wi-Fi off from the launcher: Settings, Network & internet,
Internet, the switch), so no goal vector is needed. The stack is
ElementFeatures(ElementClicks(ElementActions(env))): one integer clicks element i of the
screen or presses back/home; the observation is the first 32 elements' geometry, flags and
classes, normalised by SB3's VecNormalize. Reaching the Internet page gives +0.2, Wi-Fi off +1.

Prints the success rate of a uniformly random policy and of the trained one on held-out
seeds, the wall time and its split into env / inference / training. Usage:

    python examples/sb3_wifi_features.py [--timesteps 4096] [--eval-seeds 20] [--json out.json]
"""

from __future__ import annotations

from sb3_common import element_click_features, parse_args, train_and_compare

from mobile_gym.wrappers import ElementFeatures

MAX_ELEMENTS = 32

#: PPO settings (besides MultiInputPolicy, a 64x64 MLP and the CPU).
PPO_SETTINGS = dict(n_steps=256, batch_size=64, n_epochs=10, learning_rate=1e-3, ent_coef=0.01, gamma=0.95)


def make_env() -> ElementFeatures:
    """The features stack on SystemWifiTurnOff, without pixels (the policy does not use them)."""
    return element_click_features("SystemWifiTurnOff", MAX_ELEMENTS)


def main() -> None:
    args = parse_args(__doc__, timesteps=4096, eval_seeds=20)
    train_and_compare("SystemWifiTurnOff", make_env, args, ppo=PPO_SETTINGS,
                      actions=f"ElementClicks({MAX_ELEMENTS} elements + back, home)")


if __name__ == "__main__":
    main()
