"""Pro Expense's two bottom sheets: the expense detail (`expense_detail_dialog`: Edit, Delete,
Close) and the delete confirmation (`frag_delete_confirm_dialog`: "Delete Items", "N items
will be deleted!", Confirm). The system shows each in a dialog window; both are view trees
with the app's ids."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.apps import expense as model

from ...ui.dialogs import DialogView
from ...ui.layouts import FrameLayout, LinearLayout
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp
from ...ui.widgets import Button, ImageButton, ImageView, TextView
from . import theme
from .rows import category_card, date_label


def _field(label_id: str, label: str, value_id: str, value: str,
           suffix: TextView | None = None) -> LinearLayout:
    line = LinearLayout("horizontal", width=MATCH_PARENT, padding=(theme.GRID_3, theme.GRID_2))
    line.add(TextView(label, id=label_id, text_size=theme.SMALL_TEXT,
                      text_color=theme.TEXT_SECONDARY, width=dp(88)))
    line.add(TextView(value, id=value_id, text_size=theme.BODY_TEXT, text_color=theme.ON_SURFACE,
                      width=0 if suffix is None else WRAP_CONTENT, weight=1 if suffix is None else 0))
    if suffix is not None:
        line.add(suffix)
    return line


def _header(title_id: str, title: str, close_id: str, root: DialogView) -> FrameLayout:
    """A sheet's title row with its close button."""
    head = FrameLayout(width=MATCH_PARENT, height=dp(48))
    head.add(TextView(title, id=title_id, text_size=theme.TITLE_TEXT, text_color=theme.ON_SURFACE,
                      font_weight="medium", layout_gravity="start|center_vertical",
                      margin=(theme.GRID_3, 0, 0, 0)),
             ImageButton("close", id=close_id, content_desc="Close", icon_color=theme.ON_SURFACE,
                         layout_gravity="end|center_vertical", on_click=lambda: root.dismiss()))
    return head


def detail_dialog(e: model.Expense, *, on_edit: Callable[[], None],
                  on_delete: Callable[[], None]) -> DialogView:
    """ExpenseDetailDialog for one row."""
    root = DialogView(background=theme.SURFACE, corner_radius=dp(16), width=MATCH_PARENT)
    col = LinearLayout("vertical", width=MATCH_PARENT, padding=(0, theme.GRID_3, 0, theme.GRID_3))
    head = _header("tv_expense_detail", "Expense Detail", "btn_close", root)
    info = LinearLayout("vertical", id="cd_info", width=MATCH_PARENT, background=theme.CARD,
                        corner_radius=dp(8), margin=(theme.GRID_3, theme.GRID_2),
                        padding=(0, theme.GRID_2))
    top = LinearLayout("horizontal", width=MATCH_PARENT, gravity="center_vertical",
                       padding=(0, theme.GRID_2, theme.GRID_2, theme.GRID_2))

    def delete() -> None:
        root.dismiss()
        on_delete()

    top.add(category_card(e.category),
            TextView(e.name, id="tv_name_value", text_size=theme.TITLE_TEXT,
                     text_color=theme.ON_SURFACE, width=0, weight=1, max_lines=1),
            ImageView("delete", id="btn_delete", content_desc="Delete", icon_color=theme.NEGATIVE,
                      clickable=True, focusable=True, width=dp(48), height=dp(48), padding=dp(12),
                      on_click=delete))
    info.add(top,
             _field("tv_amount", "Amount", "tv_amount_value", model.format_amount(e.amount),
                    TextView(model.CURRENCY_SYMBOL, id="tv_currency_symbol",
                             text_size=theme.SMALL_TEXT, text_color=theme.TEXT_SECONDARY,
                             margin=(dp(4), 0, 0, 0))),
             _field("tv_date", "Date", "tv_date_value", date_label(e.modified_date)),
             _field("tv_note", "Note", "tv_note_value", e.note))

    def edit() -> None:
        root.dismiss()
        on_edit()

    col.add(head, info, Button("Edit", id="btn_edit", all_caps=True, text_color=theme.ON_PRIMARY,
                               background=theme.PRIMARY, corner_radius=dp(8),
                               width=MATCH_PARENT, margin=(theme.GRID_3, theme.GRID_2),
                               on_click=edit))
    root.add(col)
    return root


def delete_confirm_dialog(count: int, on_confirm: Callable[[], None]) -> DialogView:
    """DeleteConfirmFragment: how many items will go, and the Confirm button."""
    root = DialogView(background=theme.SURFACE, corner_radius=dp(16), width=MATCH_PARENT)
    col = LinearLayout("vertical", width=MATCH_PARENT, padding=(0, theme.GRID_3, 0, theme.GRID_3))
    head = _header("tv_delete_item", "Delete Items", "imv_drop_close", root)
    card = LinearLayout("horizontal", id="cv_description_bg", width=MATCH_PARENT,
                        background=theme.CARD, corner_radius=dp(8),
                        margin=(theme.GRID_3, theme.GRID_2), padding=theme.GRID_3)
    suffix = " item " if count <= 1 else " items "
    card.add(TextView(f"{count}{suffix}", id="tv_items", text_size=theme.BODY_TEXT,
                      text_color=theme.NEGATIVE, font_weight="medium"),
             TextView("will be deleted!", id="tv_delete_description", text_size=theme.BODY_TEXT,
                      text_color=theme.ON_SURFACE))

    def confirm() -> None:
        root.dismiss()
        on_confirm()

    col.add(head, card, Button("Confirm", id="btn_confirm", all_caps=True, background=theme.NEGATIVE,
                               corner_radius=dp(8),
                               text_color=theme.ON_NEGATIVE, width=MATCH_PARENT,
                               margin=(theme.GRID_3, theme.GRID_2), on_click=confirm))
    root.add(col)
    return root
