"""``cardtools watch``: a live preview. Every save revalidates the game and re-renders its card faces;
a small web page on this computer shows every face, the diagnostics of the last build, and
reloads itself when a new build is ready.

The server binds to 127.0.0.1 only (nothing outside this computer can reach it) and keeps the
images in memory. Files are watched with watchfiles (a maintained, native file-watching library:
docs/dependencies.md); a build runs on the watching thread while the server goes on answering
with the previous build, so the page never shows half a build.
"""

from __future__ import annotations

import html
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable, Iterable
from urllib.parse import unquote, urlparse

from cardtools.core.diagnostics import Diagnostic, DiagnosticError, display_path
from cardtools.core.workspace import Workspace
from cardtools.render.units import Size

HOST = "127.0.0.1"
DPI = 110  # enough for a screen, quick to render and encode
POLL_MS = 400  # how often the page asks whether a new build is ready


@dataclass
class Build:
    """One build's result: the face images (PNG by name), captions, and what validation said."""

    number: int = 0
    faces: dict[str, bytes] = field(default_factory=dict)
    captions: dict[str, str] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    seconds: float = 0.0
    stale: bool = False  # errors stopped this build: the faces are the last good ones


class Preview:
    """Builds a game's gallery on demand; ``current`` is the last finished build."""

    def __init__(self, root: Path | None, game: str, variant: str | None, size: Size, edition: str):
        self.root, self.game, self.variant, self.size, self.edition = root, game, variant, size, edition
        self.current = Build()
        self._lock = threading.Lock()

    def rebuild(self) -> Build:
        from cardtools.core.diagnostics import count
        from cardtools.core.loader import load_deck
        from cardtools.core.validate import validate
        from cardtools.render.pnp import copies
        from cardtools.render.raster import face_images, pixel_size, plan_faces, png_bytes

        start = time.perf_counter()
        workspace = Workspace.find(self.root)  # a fresh one: its caches hold one run's files
        previous = self.current
        found = list(validate(workspace, [self.game], self.variant))
        faces, captions = previous.faces, previous.captions
        if not count(found)["errors"]:
            try:
                deck = load_deck(self.game, self.variant, workspace)
                printed = copies(deck)
                planned = plan_faces(deck, workspace, self.size, 0.0, printed, edition=self.edition, dpi=DPI)
                found += planned.warnings
                width, height = pixel_size(self.size, 0.0, DPI)
                faces = {name: png_bytes(image, level=1) for name, image in face_images(planned, width, height)}
                captions = {**{planned.front(c): f"{c.card.name} ({c.card.id})" for c in printed},
                            **{f"back-{name}": f"back: {name}" for name in planned.backs}}
            except DiagnosticError as exc:
                found += exc.diagnostics
        stale = any(d.is_error for d in found)
        build = Build(previous.number + 1, faces, captions, sorted(found, key=Diagnostic.sort_key),
                      time.perf_counter() - start, stale)
        with self._lock:
            self.current = build
        return build

    def page(self) -> str:
        build = self.current
        counts = (sum(d.is_error for d in build.diagnostics), sum(not d.is_error for d in build.diagnostics))
        status = (f"build {build.number}: {len(build.faces)} faces in {build.seconds:.1f} s"
                  + (f" · {counts[0]} error(s): showing the last good faces" if build.stale else "")
                  + (f" · {counts[1]} warning(s)" if counts[1] else ""))
        lines = "\n".join(html.escape(d.format()) for d in build.diagnostics)
        figures = "\n".join(
            f'<figure><img src="/face/{html.escape(name)}.png?build={build.number}" alt="{html.escape(caption)}">'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>"
            for name, caption in build.captions.items() if name in build.faces)
        return PAGE.format(game=html.escape(self.game), status=html.escape(status), build=build.number,
                           diagnostics=f"<pre id=diagnostics>{lines}</pre>" if lines else "",
                           figures=figures, poll=POLL_MS)


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{game} · cardtools watch</title>
<style>
body {{ font-family: sans-serif; margin: 1em; background: #eee; }}
#status {{ color: #333; }}
#diagnostics {{ background: #fff4f0; border: 1px solid #d88; padding: .6em; white-space: pre-wrap; }}
main {{ display: flex; flex-wrap: wrap; gap: 12px; }}
figure {{ margin: 0; width: 230px; }}
img {{ width: 230px; box-shadow: 0 1px 4px #0005; background: white; }}
figcaption {{ font-size: 12px; text-align: center; }}
</style></head>
<body data-build="{build}">
<h1>{game}</h1>
<p id="status">{status}</p>
{diagnostics}
<main>
{figures}
</main>
<script>
const shown = {build};
setInterval(() => fetch('/state').then(r => r.json()).then(s => {{ if (s.build !== shown) location.reload(); }})
  .catch(() => {{}}), {poll});
</script>
</body></html>
"""


def handler(preview: Preview) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            path = unquote(urlparse(self.path).path)
            build = preview.current
            if path == "/":
                self._send(200, "text/html; charset=utf-8", preview.page().encode())
            elif path == "/state":
                state = {"build": build.number, "faces": len(build.faces), "stale": build.stale,
                         "diagnostics": [d.format() for d in build.diagnostics]}
                self._send(200, "application/json", json.dumps(state).encode())
            elif path.startswith("/face/") and path.endswith(".png") and path[6:-4] in build.faces:
                self._send(200, "image/png", build.faces[path[6:-4]])
            else:
                self._send(404, "text/plain", b"not found")

        def _send(self, status: int, kind: str, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:  # quiet: the terminal shows builds, not requests
            pass

    return Handler


def server(preview: Preview, port: int) -> ThreadingHTTPServer:
    """The gallery's web server on this computer only (127.0.0.1); port 0 picks a free one."""
    httpd = ThreadingHTTPServer((HOST, port), handler(preview))
    httpd.daemon_threads = True
    return httpd


def watched(root: Path | None, game: str) -> list[Path]:
    """What a change to rebuilds: the game's deck folder and the workspace's schemas and templates."""
    workspace = Workspace.find(root)
    folders = [workspace.deck_dir(game)] + workspace.search_path("schemas") + workspace.search_path("templates")
    return [p for p in dict.fromkeys(folders) if p.is_dir()]


def watch(preview: Preview, paths: Iterable[Path], report: Callable[[Build], None],
          stop: threading.Event | None = None) -> None:
    """Rebuild after every batch of saves until ``stop`` is set (or Ctrl-C)."""
    from watchfiles import watch as changes

    for _ in changes(*paths, stop_event=stop, debounce=150, step=50):
        report(preview.rebuild())


def describe(build: Build) -> str:
    errors = sum(d.is_error for d in build.diagnostics)
    where = ", ".join(display_path(d.location.path) for d in build.diagnostics[:1])
    return (f"build {build.number}: {len(build.faces)} faces in {build.seconds:.1f} s"
            + (f"; {errors} error(s), first in {where}" if errors else "")
            + (f"; {len(build.diagnostics) - errors} warning(s)" if len(build.diagnostics) > errors else ""))
