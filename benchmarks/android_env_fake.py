"""DeepMind android_env's FakeSimulator under random actions (run in its own process).

Separate script because android_env's generated protos define the same `android_env.Task`
message as mobile_gym's task.proto; the two cannot share one protobuf descriptor pool.
Prints one JSON object: {"steps", "seconds", "steps_per_s", "cpu_seconds", "steps_per_cpu_s",
"screen": [H, W]}; CPU time is this process's (all its threads), which the machine's other
work inflates less than wall time.
"""

from __future__ import annotations

import json
import logging
import sys
import tempfile
import time
from pathlib import Path

import numpy as np


def main(steps: int, height: int, width: int) -> dict:
    logging.disable(logging.WARNING)
    from android_env import loader
    from android_env.components import config_classes

    with tempfile.TemporaryDirectory() as folder:  # android_env reads its task from a file
        task = Path(folder) / "task.textproto"
        task.write_text('id: "bench" name: "bench" max_episode_steps: 0 '
                        'log_parsing_config { filters: ["AndroidRLTask:V"] }\n')
        config = config_classes.AndroidEnvConfig(
            task=config_classes.FilesystemTaskConfig(path=str(task)),
            simulator=config_classes.FakeSimulatorConfig(screen_dimensions=(height, width)),
        )
        env = loader.load(config)
    rng = np.random.default_rng(0)
    actions = [{"action_type": np.array(rng.integers(0, 3), dtype=np.int64),
                "touch_position": rng.random(2).astype(np.float32)} for _ in range(steps)]
    env.reset()
    env.step(actions[0])
    t0, c0 = time.perf_counter(), time.process_time()
    for action in actions:
        timestep = env.step(action)
        if timestep.last():
            env.reset()
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    env.close()
    return {"steps": steps, "seconds": round(seconds, 4), "steps_per_s": round(steps / seconds, 1),
            "cpu_seconds": round(cpu, 4), "steps_per_cpu_s": round(steps / max(cpu, 1e-9), 1),
            "screen": [height, width]}


if __name__ == "__main__":
    n, h, w = (int(v) for v in sys.argv[1:4])
    print(json.dumps(main(n, h, w)))
