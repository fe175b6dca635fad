"""A local chat-completions endpoint for tests: answers each request with the text a
scripted responder returns for it (a function of the request's last user message)."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class ChatServer:
    """`with ChatServer(responder) as server:` serves http://127.0.0.1:PORT/v1/chat/completions."""

    def __init__(self, responder: Callable[[dict[str, Any]], str]) -> None:
        self.responder = responder
        self.requests: list[dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append({"path": self.path, "body": body,
                                       "auth": self.headers.get("Authorization")})
                if self.path != "/v1/chat/completions":
                    self.send_response(404)
                    self.end_headers()
                    return
                text = outer.responder(body)
                reply = json.dumps({"choices": [{"message": {"role": "assistant", "content": text}}],
                                    "usage": {"prompt_tokens": 100, "completion_tokens": 20}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/v1"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> ChatServer:  # noqa: PYI034 (the class is not subclassed)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()


def last_user_text(body: dict[str, Any]) -> str:
    """The text of the last user message that shows a screen (a retry request shows none)."""
    for message in reversed(body["messages"]):
        content = message["content"]
        if isinstance(content, list):
            content = "\n".join(part.get("text", "") for part in content if part.get("type") == "text")
        if message["role"] == "user" and "Goal:" in content:
            return content
    raise AssertionError("no user message with a goal")


def element_index(prompt: str, **match: str) -> int:
    """The number of the first element line whose JSON has every `match` field (resource_id
    matches by suffix)."""
    for line in prompt.splitlines():
        m = re.match(r"(\d+): (\{.*\})$", line)
        if not m:
            continue
        element = json.loads(m.group(2))
        if all(element.get(k, "").endswith(v) if k == "resource_id" else element.get(k) == v
               for k, v in match.items()):
            return int(m.group(1))
    raise AssertionError(f"no element {match} in the prompt")


def wifi_off_responder(body: dict[str, Any]) -> str:
    """Turns Wi-Fi off in Settings, reading the element list like a model would."""
    text = last_user_text(body)
    done = text.count('"action_type"', text.index("Actions so far"), text.index("Foreground activity"))
    if done == 0:
        action: dict[str, Any] = {"action_type": "open_app", "app_name": "Settings"}
    elif done == 1:
        action = {"action_type": "click", "index": element_index(text, text="Network & internet")}
    elif done == 2:
        action = {"action_type": "click", "index": element_index(text, text="Internet", resource_id="title")}
    else:
        action = {"action_type": "click", "index": element_index(text, resource_id="switch_widget")}
    return f"Reason: step {done + 1} towards the goal.\nAction: ```json\n{json.dumps(action)}\n```"
