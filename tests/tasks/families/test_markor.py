"""Markor families: oracles, a random agent, and tampered notebook states."""

from __future__ import annotations

import shlex

import pytest

from mobile_gym.tasks.families import markor_data as md
from tests.tasks.families.helpers import (
    make_env,
    noop,
    oracle_episodes,
    random_agent_on,
    run_oracle,
    shell,
)

NAMES = ["MarkorCreateNote", "MarkorCreateFolder", "MarkorEditNote", "MarkorChangeNoteContent",
         "MarkorAddNoteHeader", "MarkorDeleteNote", "MarkorDeleteNewestNote",
         "MarkorDeleteAllNotes", "MarkorMoveNote", "MarkorMergeNotes"]
NB = md.NOTEBOOK


@pytest.mark.parametrize("name", NAMES)
def test_oracle_succeeds_for_20_seeds(name):
    for ep in oracle_episodes(name, range(20)):
        assert ep.success and ep.terminated, (name, ep.seed, ep)


@pytest.mark.parametrize("name", ["MarkorCreateFolder", "MarkorDeleteNote"])
def test_random_agent_rarely_succeeds(name):
    episodes, successes, _ = random_agent_on(name, 300)
    assert successes == 0, (episodes, successes)


class Attempt:
    """Reset a seed, change the notebook directly, and report whether the check passes."""

    def __init__(self, env, seed: int) -> None:
        self.env, self.seed = env, seed
        self.params = env.family.params(seed)

    def __call__(self, *changes) -> bool:
        self.env.reset(seed=self.seed)
        for change in changes:
            if isinstance(change, tuple):
                self.env.device.push(*change)
            else:
                shell(self.env, change)
        return bool(noop(self.env)[4]["success"])


def q(path: str) -> str:
    return shlex.quote(path)


def test_create_note_checks_place_and_text():
    env = make_env("MarkorCreateNote")
    try:
        a = Attempt(env, 0)
        name, text = a.params.file_name, a.params.text
        assert a((f"{NB}/{name}", text.encode()))                      # positive control
        assert a((f"{NB}/{name}", (text + "\n").encode()))             # trailing newline: fine
        assert not a((f"{NB}/{name}", b"something else entirely"))     # a wrong value
        assert not a((f"{NB}/Sub/{name}", text.encode()))              # in the wrong folder
        assert not a((f"{NB}/{name}.md", text.encode()))               # a wrong name
        assert not a(f"mkdir -p {q(f'{NB}/{name}')}")                  # a folder is not a note
    finally:
        env.close()


def test_create_folder_needs_a_folder_and_the_noise_intact():
    env = make_env("MarkorCreateFolder")
    try:
        a = Attempt(env, 1)
        path = f"{NB}/{a.params.file_name}"
        assert a(f"mkdir {q(path)}")
        assert not a((path, b"x"))                                     # a file of that name
        assert not a(f"mkdir -p {q(NB + '/Other/' + a.params.file_name)}")  # the wrong folder
        assert not a(f"mkdir {q(path)}", f"rm {q(a.params.noise[0].device_path)}")  # noise deleted
    finally:
        env.close()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_edit_note_compares_the_edited_text(seed):
    env = make_env("MarkorEditNote")
    try:
        a = Attempt(env, seed)
        p = a.params
        path = f"{NB}/{p.file_name}"
        assert a((path, (p.expected + "\n").encode()))
        assert not a((path, (p.original + "\n").encode()))            # unchanged note
        assert not a((path, (p.expected + "\n").encode()), f"rm {q(p.noise[0].device_path)}")
        assert not a((path, (p.expected + "\n").encode()), (p.noise[0].device_path, b"edited"))
    finally:
        env.close()


def test_change_content_and_header_need_both_the_rename_and_the_text():
    env = make_env("MarkorChangeNoteContent")
    try:
        a = Attempt(env, 1)
        p = a.params
        old, new = p.original.device_path, f"{NB}/{p.new_name}"
        assert a(f"rm {q(old)}", (new, p.text.encode()))
        assert not a(f"mv {q(old)} {q(new)}")                          # renamed, text unchanged
        assert not a((old, p.text.encode()))                           # text changed, not renamed
        assert not a((new, p.text.encode()))                           # a copy: the original stays
    finally:
        env.close()
    env = make_env("MarkorAddNoteHeader")
    try:
        a = Attempt(env, 2)
        p = a.params
        old, new = p.original.device_path, f"{NB}/{p.new_name}"
        assert a(f"rm {q(old)}", (new, (p.text + "\n\n" + p.original.content).encode()))
        assert not a(f"rm {q(old)}", (new, (p.text + "\n" + p.original.content).encode()))  # exact
    finally:
        env.close()


@pytest.mark.parametrize("name", ["MarkorDeleteNote", "MarkorDeleteNewestNote"])
def test_delete_removes_exactly_the_target(name):
    env = make_env(name)
    try:
        a = Attempt(env, 3)
        p = a.params
        target = f"{NB}/{p.file_name}"
        other = p.others[0].device_path
        assert a(f"rm {q(target)}")
        assert not a(f"rm {q(other)}")                                 # the wrong note
        assert not a(f"rm {q(target)}", f"rm {q(other)}")              # one too many
        assert not a()                                                 # nothing done
    finally:
        env.close()


def test_delete_all_notes_needs_every_note_gone():
    env = make_env("MarkorDeleteAllNotes")
    try:
        seed = next(s for s in range(50) if len(env.family.params(s).files) >= 2)
        a = Attempt(env, seed)
        paths = [f.device_path for f in a.params.files]
        assert a(*(f"rm {q(p)}" for p in paths))
        assert not a(*(f"rm {q(p)}" for p in paths[1:]))              # one left
        assert not a()
    finally:
        env.close()


def test_newest_note_is_the_last_modified():
    env = make_env("MarkorDeleteNewestNote")
    try:
        env.reset(seed=4)
        p = env.family.params(4)
        entries = {e.name: e.mtime for e in env.device.list_dir(NB)}
        assert max(entries, key=entries.get) == p.file_name
        assert len(set(entries.values())) == len(entries)
    finally:
        env.close()


def test_move_note_checks_both_folders_and_the_content():
    env = make_env("MarkorMoveNote")
    try:
        a = Attempt(env, 2)
        p = a.params
        name = p.fields()["file_name"]
        src, dst = p.file.device_path, f"{NB}/{p.destination}/{name}"
        other = next(f for f in p.folders if f not in (p.source, p.destination))
        assert a(f"mv {q(src)} {q(dst)}")
        assert not a(f"cp {q(src)} {q(dst)}")                          # a copy, not a move
        assert not a(f"mv {q(src)} {q(NB + '/' + other + '/' + name)}")  # the wrong folder
        assert not a(f"rm {q(src)}", (dst, b"different content\n"))    # content changed
        if p.noise:
            assert not a(f"mv {q(src)} {q(dst)}", f"rm {q(p.noise[0].device_path)}")
    finally:
        env.close()


def test_merge_needs_the_blank_lines_and_the_sources():
    env = make_env("MarkorMergeNotes")
    try:
        a = Attempt(env, 5)
        p = a.params
        path = f"{NB}/{p.new_name}"
        parts = [n.content.strip() for n in p.notes]
        assert a((path, p.merged.encode()))
        assert not a((path, "\n".join(parts).encode()))                # no blank lines
        assert not a((path, "\n\n".join(reversed(parts)).encode()))    # the wrong order
        assert not a((path + ".md", p.merged.encode()))                # a wrong name
        assert not a((path, p.merged.encode()), f"rm {q(p.notes[0].device_path)}")
    finally:
        env.close()


def test_oracle_follows_the_env_step_duration():
    env = make_env("MarkorDeleteNote", step_seconds=0.05)   # long presses need more REPEATs
    try:
        for seed in range(3):
            assert run_oracle(env, seed).success
    finally:
        env.close()
