#!/usr/bin/env bash
# Regenerate mobile_gym/tasks/task_pb2.py (+ .pyi type stubs) from mobile_gym/tasks/task.proto.
#
# Uses the protoc bundled with grpcio-tools (pinned in pyproject's `test` extra), so the output
# is byte-for-byte reproducible; tests/tasks/test_proto.py regenerates into a temp dir and
# compares. Usage (from anywhere):  [PYTHON=/path/to/python] scripts/gen_proto.sh [OUT_DIR]
# OUT_DIR defaults to the repository root; the files land in OUT_DIR/mobile_gym/tasks/.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "${1:-$ROOT}"
OUT="$(cd "${1:-$ROOT}" && pwd)"
PYTHON="${PYTHON:-python3}"
mkdir -p "$OUT/mobile_gym/tasks"
cd "$ROOT"
"$PYTHON" -m grpc_tools.protoc -I . --python_out="$OUT" --pyi_out="$OUT" mobile_gym/tasks/task.proto
