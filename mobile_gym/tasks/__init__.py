"""Tasks: the task proto (a superset of Mobile-Env's), loading and linting task files, running
setup/reset steps on a Device, and state validators.

`task_pb2` is generated from task.proto and checked in. Regenerate after editing the proto with
``scripts/gen_proto.sh`` (= ``python -m grpc_tools.protoc -I . --python_out=. --pyi_out=.
mobile_gym/tasks/task.proto`` from the repository root, grpcio-tools==1.85.1 as pinned in the
``test`` extra); tests/tasks/test_proto.py checks the checked-in files are byte-identical.
"""

from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.errors import TaskFormatError, TaskSetupError
from mobile_gym.tasks.loader import LoadedTask, load_task, loads, to_json, to_textproto
from mobile_gym.tasks.steps import StepContext, run_steps

__all__ = [
    "LoadedTask", "StepContext", "TaskFormatError", "TaskSetupError", "load_task", "loads",
    "run_steps", "task_pb2", "to_json", "to_textproto",
]
