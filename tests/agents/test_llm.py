"""The LLM agent end to end against a local scripted chat-completions endpoint: it solves
tasks (text and set-of-marks), recovers from one malformed reply, and ends the episode with
a clear error after two."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("httpx")

from mobile_gym.agents.llm import parse_reply
from mobile_gym.agents.loader import AgentFactory, LLMOptions
from mobile_gym.harness.episode import EnvCache, EpisodeJob, RunConfig, run_episode
from mobile_gym.harness.suites import select
from tests.agents.chat_server import ChatServer, last_user_text, wifi_off_responder


def _episode(agent: str, task: str, url: str, seed: int = 3) -> dict:
    config = RunConfig(agent=agent, llm=LLMOptions(model="scripted", base_url=url, api_key="k-123"))
    factory = AgentFactory(agent, config.llm)
    cache = EnvCache(config)
    try:
        return run_episode(EpisodeJob(select([task])[0], 0, seed), config, factory, cache)
    finally:
        cache.close()
        factory.close()


def test_text_agent_turns_wifi_off_through_the_element_list() -> None:
    with ChatServer(wifi_off_responder) as server:
        record = _episode("llm:text", "SystemWifiTurnOff", server.url)
    assert record["error"] is None and record["success"] is True
    assert record["steps"] == 4
    assert record["tokens"] == {"prompt": 400, "completion": 80, "total": 480}
    assert record["llm_latency_s"] > 0
    body = server.requests[0]["body"]
    assert server.requests[0]["auth"] == "Bearer k-123" and body["model"] == "scripted"
    assert "Turn Wi-Fi off." in last_user_text(body)
    assert all(isinstance(m["content"], str) for m in body["messages"])  # no screenshot


def test_som_agent_sends_a_marked_screenshot_and_opens_the_app() -> None:
    def open_app(body: dict) -> str:
        text = last_user_text(body)
        app = text.split("Goal: Open the ", 1)[1].split(" app.", 1)[0]
        return json.dumps({"action_type": "open_app", "app_name": app})

    with ChatServer(open_app) as server:
        record = _episode("llm:som", "OpenApp", server.url)
    assert record["error"] is None and record["success"] is True and record["steps"] == 1
    content = server.requests[0]["body"]["messages"][1]["content"]
    image = [part for part in content if part["type"] == "image_url"]
    assert image and image[0]["image_url"]["url"].startswith("data:image/png;base64,")
    import base64

    import cv2
    import numpy as np

    png = base64.b64decode(image[0]["image_url"]["url"].split(",", 1)[1])
    assert cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR).shape == (1200, 540, 3)


def test_one_malformed_reply_is_retried_with_the_error() -> None:
    replies = iter(["I think I should tap something.", *([None] * 10)])

    def responder(body: dict) -> str:
        reply = next(replies)
        return reply if reply is not None else wifi_off_responder(body)

    with ChatServer(responder) as server:
        record = _episode("llm:text", "SystemWifiTurnOff", server.url)
    assert record["error"] is None and record["success"] is True
    retry = server.requests[1]["body"]["messages"]
    assert retry[-2] == {"role": "assistant", "content": "I think I should tap something."}
    assert "could not be used: the reply holds no JSON object" in retry[-1]["content"]


def test_two_malformed_replies_end_the_episode_with_a_clear_error() -> None:
    with ChatServer(lambda body: 'Action: {"action_type": "fly", "index": 2}') as server:
        record = _episode("llm:text", "SystemWifiTurnOff", server.url)
    assert record["success"] is False and record["steps"] == 0
    assert record["error"].startswith("agent raised AgentError: the model gave no valid action in 2 replies")
    assert "action_type='fly'" in record["error"]
    assert record["tokens"]["total"] == 240  # both calls are counted


@pytest.mark.parametrize(("reply", "problem"), [
    ("no json here", "holds no JSON object"),
    ('{"action_type": "click"', "not complete JSON"),
    ('{"action_type": "click", "index": -1}', "index=-1"),
    ('{"action_type": "click", "index": 1, "x": 3, "y": 4}', "not both"),
    ('{"action_type": "scroll"}', "needs a direction"),
    ('{"action_type": "status", "goal_status": "done"}', "goal_status='done'"),
    ('{"action_type": "click", "index": 1, "why": "x"}', "unknown field"),
])
def test_parse_reply_names_what_is_wrong(reply: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_reply(reply)


def test_parse_reply_takes_the_first_object_and_the_reason() -> None:
    action, reason = parse_reply('Reason: the "{" key.\nAction: {"action_type": "input_text", '
                                 '"text": "a } b", "index": 2} trailing {')
    assert action.to_dict() == {"action_type": "input_text", "text": "a } b", "index": 2}
    assert reason.startswith('the "')


def test_cli_llm_run_and_missing_configuration(tmp_path: Path) -> None:
    with ChatServer(wifi_off_responder) as server:
        done = subprocess.run(
            [sys.executable, "-m", "mobile_gym.cli", "run", "SystemWifiTurnOff", "--agent", "llm",
             "--model", "scripted", "--base-url", server.url, "--out", str(tmp_path / "run"), "--quiet"],
            check=False, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        record = json.loads((tmp_path / "run" / "episodes.jsonl").read_text())
        assert record["success"] is True and record["tokens"]["total"] == 480
        assert [s["prompt_tokens"] for s in record["llm_steps"]] == [100] * 4
        from_env = subprocess.run(
            [sys.executable, "-m", "mobile_gym.cli", "run", "SystemWifiTurnOff", "--agent", "llm:text",
             "--out", str(tmp_path / "env"), "--quiet"], check=False, capture_output=True, text=True, timeout=300,
            env={**os.environ, "MOBILE_GYM_LLM_BASE_URL": server.url, "MOBILE_GYM_LLM_MODEL": "from-env",
                 "MOBILE_GYM_LLM_API_KEY": "env-key"})
        assert from_env.returncode == 0, from_env.stderr
    assert server.requests[-1]["auth"] == "Bearer env-key" and server.requests[-1]["body"]["model"] == "from-env"
    assert json.loads((tmp_path / "env" / "episodes.jsonl").read_text())["success"] is True
    missing = subprocess.run([sys.executable, "-m", "mobile_gym.cli", "run", "OpenApp", "--agent", "llm:som",
                              "--out", str(tmp_path / "r2")], check=False, capture_output=True, text=True, timeout=120,
                             env={k: v for k, v in os.environ.items() if not k.startswith("MOBILE_GYM_LLM")})
    assert missing.returncode == 2
    assert missing.stderr.strip() == ("mobile-gym run: error: the LLM agent needs --model "
                                      "(or $MOBILE_GYM_LLM_MODEL)")
