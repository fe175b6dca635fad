"""Markor data for the note families: file-name generators, note sentences and the reset steps
that put files on the device (android_world.md section 8.3).

The generators follow AndroidWorld's recipes (a base name modified by a date prefix, a random
suffix or a fixed suffix; noise files that are variants of known note titles); the word lists
and sentences are mobile_gym's own. Everything random comes from a `numpy.random.Generator`.
"""

from __future__ import annotations

import shlex
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

import numpy as np

from mobile_gym.apps.markor import APP, NOTEBOOK
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families.common import choice, force_stop, press_home, shell_step

ALPHANUMERIC = string.ascii_letters + string.digits
ADJECTIVES = ("quiet", "bright", "early", "golden", "rapid", "gentle", "hidden", "lucky",
              "silver", "curious", "brave", "sunny", "frozen", "tidy", "wild")
NOUNS = ("garden", "river", "notebook", "lantern", "harbor", "meadow", "journey", "recipe",
         "mountain", "letter", "orchard", "compass", "window", "festival", "workshop")
NOTE_TITLES = ("grocery_list_weekly.md", "meeting_notes_project_team.md",
               "personal_goals_2024.md", "reading_list_2024.md", "research_paper_summary.md",
               "summer_vacation_plans.md", "budget_home_renovation.md",
               "april_workout_routine.md", "birthday_gift_ideas_mom.md",
               "recipe_homemade_pizza.md", "weekend_todo_list.md",
               "insurance_plan_comparison.md", "art_project_sketches.md",
               "python_learning_goals.md", "trip_reflections_recent.md",
               "startup_ideas_launch.md", "client_meetings_schedule.md",
               "favorite_book_quotes.md", "garden_layout_plan.md",
               "upcoming_presentation_outline.md")
SENTENCES = ("Water the plants on Tuesday and Friday.", "Call the bank about the new card.",
             "The train leaves at seven in the morning.", "Bring an umbrella, it might rain.",
             "Finish the report before the weekly review.", "Buy fresh bread and two lemons.",
             "The library closes early on Sundays.", "Remember to back up the laptop.",
             "Pick up the package from the post office.", "Book a table for four on Saturday.",
             "Practice the guitar for thirty minutes.", "Send the photos to the family group.",
             "The meeting moved to the blue room.", "Check the tire pressure before the trip.",
             "Try the new pasta recipe this week.", "Renew the gym membership next month.",
             "Ask Sam about the concert tickets.", "Clean the windows in the living room.",
             "Read two chapters of the history book.", "Plan a picnic if the weather is nice.")
FOLDERS = ("BookNotes", "CodeSnippets", "DailyNotes", "FitnessPlans", "MeetingMinutes",
           "PersonalJournal", "RecipeCollections", "StudyGuides", "TravelItineraries",
           "WorkProjects")
FIXED_SUFFIXES = ("backup", "copy", "final", "edited")

#: Words of the sentences (the families' TEXT vocabulary beyond single characters).
WORDS: tuple[str, ...] = tuple(sorted({w for s in SENTENCES
                                       for w in s.replace(".", " ").replace(",", " ").split()}))


def random_string(rng: np.random.Generator, n: int) -> str:
    """n characters drawn with replacement from ASCII letters and digits."""
    return "".join(choice(rng, ALPHANUMERIC) for _ in range(n))


def modified_name(rng: np.random.Generator, base: str) -> str:
    """AndroidWorld's `generate_modified_file_name`: a date prefix, a random suffix or a fixed
    suffix, placed before or after the stem (the extension stays last)."""
    stem, dot, ext = base.partition(".")
    kind = choice(rng, ("date_prefix", "random_suffix", "fixed_suffix"))
    if kind == "date_prefix":
        day = date(2023, 1, 1) + timedelta(days=int(rng.integers(0, 287)))  # .. 2023-10-14
        mod = day.strftime("%Y_%m_%d")
    elif kind == "random_suffix":
        mod = random_string(rng, 4)
    else:
        mod = choice(rng, FIXED_SUFFIXES)
    stem = f"{mod}_{stem}" if bool(rng.integers(0, 2)) else f"{stem}_{mod}"
    return stem + dot + ext


def random_file_name(rng: np.random.Generator) -> str:
    """A modified "{adjective}_{noun}" -- without an extension, as in AndroidWorld."""
    return modified_name(rng, f"{choice(rng, ADJECTIVES)}_{choice(rng, NOUNS)}")


def random_note_name(rng: np.random.Generator) -> str:
    return random_file_name(rng) + choice(rng, (".md", ".txt"))


def distinct_note_names(rng: np.random.Generator, n: int) -> list[str]:
    """`n` different random note names, in the order drawn."""
    names: list[str] = []
    while len(names) < n:
        name = random_note_name(rng)
        if name not in names:
            names.append(name)
    return names


def sentence_notes(rng: np.random.Generator, names: Iterable[str], folder: str = "") -> tuple[NoteFile, ...]:
    """A note per name (inside `folder` if given) holding one random sentence: untouched noise."""
    return tuple(NoteFile(f"{folder}/{n}" if folder else n, choice(rng, SENTENCES) + "\n") for n in names)


def noise_names(rng: np.random.Generator, base: str, n_max: int = 20,
                avoid: Sequence[str] = ()) -> list[str]:
    """1..n_max distinct noise file names: with probability 0.85 a variant of a known note title,
    else of `base`; a name without extension borrows one from a note title."""
    n = int(rng.integers(1, n_max + 1))
    out: list[str] = []
    for _ in range(10_000):
        if len(out) == n:
            break
        source = choice(rng, NOTE_TITLES) if rng.random() < 0.85 else base
        name = modified_name(rng, source)
        if "." not in name:
            name += "." + choice(rng, NOTE_TITLES).partition(".")[2]
        if name not in out and name not in avoid:
            out.append(name)
    return out


@dataclass(frozen=True)
class NoteFile:
    """A file the reset puts in the notebook: `path` relative to it."""

    path: str
    content: str

    @property
    def device_path(self) -> str:
        return f"{NOTEBOOK}/{self.path}"


def push_step(path: str, content: str) -> task_pb2.SetupStep:
    return task_pb2.SetupStep(adb_call=task_pb2.AdbCall(
        push=task_pb2.AdbCall.Push(path=path, content=content.encode("utf-8"))))


def reset_notebook(files: Sequence[NoteFile], folders: Sequence[str] = (),
                   spacing_seconds: float = 0.0) -> list[task_pb2.SetupStep]:
    """Stop Markor, empty the notebook, create `folders` and `files` (in order, `spacing_seconds`
    of device time apart so their modification times differ), then go home."""
    nb = shlex.quote(NOTEBOOK)
    steps = [force_stop(APP.package), shell_step(f"rm -rf {nb}"), shell_step(f"mkdir -p {nb}")]
    for folder in folders:
        steps.append(shell_step(f"mkdir -p {shlex.quote(f'{NOTEBOOK}/{folder}')}"))
    for i, f in enumerate(files):
        if spacing_seconds and i:
            steps.append(task_pb2.SetupStep(sleep=task_pb2.Sleep(time_sec=spacing_seconds)))
        steps.append(push_step(f.device_path, f.content))
    steps.append(press_home())
    return steps
