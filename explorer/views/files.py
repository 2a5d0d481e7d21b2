"""Files a person saves and opens from a page: a lesson, an exercise sheet, a learner's answers.

Two ways, one control each:

- in the Voila app (``download=True``) a file is *downloaded*: "save" makes it and shows a link the
  browser saves (an ``<a download>`` with the file in a ``data:`` address: nothing is written on the
  server), and a file is *opened* with an upload button (ipywidgets' ``FileUpload``, whose value is a
  tuple of ``{"name", "content", ...}``);
- in a notebook (``download=False``) both take a path, and the file is written atomically
  (:func:`explorer.engine.saving.write_atomic`).

A refused file (a malformed lesson or sheet, a path that cannot be written) shows one line saying
why, in red; nothing else changes.
"""
from __future__ import annotations

import base64
import html
from pathlib import Path
from collections.abc import Callable

import ipywidgets as W

from explorer.engine.saving import write_atomic

ERROR_COLOR, DONE_COLOR = "#b00020", "#1a7f37"


def say(text: str, ok: bool = True) -> str:
    """One line of a control's message (green done, red refused)."""
    return f"<span style='color:{DONE_COLOR if ok else ERROR_COLOR}'>{html.escape(text)}</span>"


def first_line(error: BaseException) -> str:
    """An error's message, its first line (never a traceback or a repr)."""
    text = str(error).strip() or "the file could not be used"
    return text.splitlines()[0]


def download_html(filename: str, data: str | bytes, mime: str, text: str) -> str:
    """A link that saves ``data`` as ``filename`` when clicked (the file travels in the link)."""
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    b64 = base64.b64encode(raw).decode("ascii")
    return (f"<a class='re-download' download='{html.escape(filename, quote=True)}' "
            f"href='data:{mime};base64,{b64}' style='color:#06c;text-decoration:underline'>"
            f"⬇ {html.escape(text)}</a>")


def safe_filename(name: str, default: str) -> str:
    """A file name a browser may save under: no folders, no characters a file system refuses."""
    name = Path(str(name).strip()).name
    name = "".join(c for c in name if c.isalnum() or c in "-_. ")
    return name.strip(" .") or default


class SaveControl(W.VBox):
    """A file name and a save button.  ``make()`` returns the file's text (it may raise a ValueError
    saying what is wrong, shown and nothing saved); ``download``: offer it as a download, else write
    it to the path typed (atomically).  ``what``: the words for the file ("the lesson").
    ``write(path, text)``: how to write it (by default :func:`write_atomic`)."""

    def __init__(self, make: Callable[[], str], *, filename: str, what: str, download: bool,
                 mime: str = "application/json", button: str = "save", write: Callable | None = None):
        self.make = make
        self.what = what
        self.download = download
        self.mime = mime
        self.write = write or write_atomic
        self.name = W.Text(value=filename, description="file" if download else "save to",
                           layout=W.Layout(width="320px"))
        self.button = W.Button(description=button, icon="download" if download else "save",
                               tooltip=f"save {what} as a file", layout=W.Layout(width="auto"))
        self.button.add_class("re-save")
        self.message = W.HTML()
        self.message.add_class("re-save-message")
        self.button.on_click(lambda _: self.save())
        super().__init__([W.HBox([self.name, self.button], layout=W.Layout(flex_flow="row wrap")), self.message])

    def save(self) -> str | None:
        """Make the file and offer it (a link) or write it; returns the text saved (None: refused)."""
        try:
            text = self.make()
        except ValueError as e:
            self.message.value = say(f"Not saved: {first_line(e)}", ok=False)
            return None
        if self.download:
            name = safe_filename(self.name.value, "file.json")
            self.message.value = ("Ready: " + download_html(name, text, self.mime, f"download {name}")
                                  + " <small>(click to save it)</small>")
            return text
        path = Path(self.name.value.strip()).expanduser()
        if not self.name.value.strip() or path.is_dir():
            self.message.value = say("Not saved: type the path of the file to save to.", ok=False)
            return None
        try:
            self.write(path, text)
        except (OSError, ValueError) as e:
            self.message.value = say(f"Not saved: {first_line(e)}", ok=False)
            return None
        self.message.value = say(f"Saved {self.what} to {path.resolve()}")
        return text


class OpenControl(W.VBox):
    """Opens a file: an upload button (``download=True``, the app) or a path and an "open" button.
    ``on_open(content, name)`` gets the file's bytes (upload) or its path, and the file's name; it
    returns what to say when it worked, or raises a ValueError/OSError whose first line is shown
    (the caller leaves everything as it was)."""

    def __init__(self, on_open: Callable, *, what: str, download: bool, accept: str = ".json"):
        self.on_open = on_open
        self.what = what
        self.message = W.HTML()
        self.message.add_class("re-open-message")
        if download:
            label = f"open {what}"          # (ipywidgets adds the count of files chosen: "(0)")
            self.upload = W.FileUpload(accept=accept, multiple=False, description=label,
                                       layout=W.Layout(width=f"{8 * len(label) + 70}px"))
            self.upload.add_class("re-open")
            self.upload.observe(self._uploaded, names="value")
            row = [self.upload]
        else:
            self.upload = None
            self.path = W.Text(placeholder=f"the path of {what}", description="open", layout=W.Layout(width="320px"))
            self.button = W.Button(description="open", icon="folder-open", layout=W.Layout(width="auto"))
            self.button.add_class("re-open")
            self.button.on_click(lambda _: self.open_file(self.path.value.strip(), Path(self.path.value.strip()).name))
            row = [self.path, self.button]
        super().__init__([W.HBox(row, layout=W.Layout(flex_flow="row wrap", align_items="center")), self.message])

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        content = f["content"]
        self.open_file(content.tobytes() if hasattr(content, "tobytes") else bytes(content), f["name"])
        self.upload.value = ()             # the same file may be opened again

    def open_file(self, source, name: str) -> bool:
        """Open ``source`` (bytes or a path) called ``name``; says what happened."""
        if not source:
            self.message.value = say(f"Type the path of {self.what} first.", ok=False)
            return False
        try:
            done = self.on_open(source, name)
        except (OSError, ValueError) as e:
            self.message.value = say(f"Not opened: {first_line(e)}", ok=False)
            return False
        self.message.value = say(done or f"Opened {name}.")
        return True
