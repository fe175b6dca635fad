"""The app's Room database `databases/database`: created on first launch, read on every resume."""

from __future__ import annotations

from mobile_gym.apps import tasks as model

from ...system.activity import AppContext

_SELECT = "SELECT " + ", ".join(f"`{c}`" for c in model.COLUMNS) + " FROM tasks"


def ensure_created(ctx: AppContext) -> None:
    db = ctx.connect_db("database")
    try:
        for statement in model.CREATE_STATEMENTS:
            db.execute(statement)
        db.commit()
    finally:
        db.close()


def load(ctx: AppContext, where: str = "deleted = 0") -> list[model.Task]:
    """Every task row matching `where` (a constant clause written here, never user text)."""
    db = ctx.connect_db("database")
    try:
        rows = db.execute(f"{_SELECT} WHERE {where}").fetchall()
    finally:
        db.close()
    return [model.Task(**dict(zip(model.COLUMNS, r, strict=True))) for r in rows]


def get(ctx: AppContext, task_id: int) -> model.Task | None:
    db = ctx.connect_db("database")
    try:
        row = db.execute(f"{_SELECT} WHERE _id = ?", (task_id,)).fetchone()
    finally:
        db.close()
    return None if row is None else model.Task(**dict(zip(model.COLUMNS, row, strict=True)))


def set_completed(ctx: AppContext, task_id: int, when_ms: int) -> None:
    """Tick (when_ms > 0) or untick a task, as the complete box does (modified = now)."""
    db = ctx.connect_db("database")
    try:
        now = int(ctx.now() * 1000)
        db.execute("UPDATE tasks SET completed = ?, modified = ? WHERE _id = ?",
                   (when_ms, now, task_id))
        db.commit()
    finally:
        db.close()
