"""PPO with a CNN over the screen's pixels (plus the goal) on OpenApp, tapping a grid.

The stack is GoalVector(PixelsOnly(TapGrid(env, cols=4, rows=9))) on a 72x160 frame: SB3's
MultiInputPolicy runs its NatureCNN over `pixels` and an MLP over `goal` (the instruction's
hashed bag of words) and `params`; VecNormalize scales `goal` and `params` only (images are
scaled to [0, 1] by SB3 itself). Actions tap the centres of a 4x9 grid; on this 1080x2400 phone
every launcher icon lies under a cell centre (a 4x8 grid misses the third icon row). The
launcher looks the same on every seed, so the CNN mostly has to tell the launcher from an
opened app; the goal decides which icon to tap.

Prints the success rate of a uniformly random policy and of the trained one on held-out
seeds, the wall time and its split into env / inference / training. Usage:

    python examples/sb3_pixels_cnn.py [--timesteps 4096] [--eval-seeds 50] [--json out.json]
"""

from __future__ import annotations

from sb3_common import parse_args, train_and_compare

from mobile_gym.env import MobileEnv
from mobile_gym.wrappers import GoalVector, PixelsOnly, TapGrid

OBS_SIZE = (72, 160)  # (width, height): the phone's aspect ratio, above NatureCNN's 36x36 minimum

#: PPO settings (besides MultiInputPolicy, a 64x64 MLP and the CPU).
PPO_SETTINGS = dict(n_steps=128, batch_size=64, n_epochs=10, learning_rate=1e-3, ent_coef=0.01, gamma=0.9)


def make_env() -> GoalVector:
    base = MobileEnv("OpenApp", obs_size=OBS_SIZE, obs_keys=("pixels", "instruction"))
    return GoalVector(PixelsOnly(TapGrid(base, cols=4, rows=9)))


def main() -> None:
    args = parse_args(__doc__, timesteps=4096, eval_seeds=50)
    train_and_compare("OpenApp (pixels)", make_env, args, ppo=PPO_SETTINGS,
                      norm_obs_keys=["goal", "params"],
                      actions="TapGrid(4x9 + BACK, HOME, ENTER)", obs_size=list(OBS_SIZE))


if __name__ == "__main__":
    main()
