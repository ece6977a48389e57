"""Editors see what cardtools sees: the real yaml-language-server (npm, pinned next to this file),
driven over the Language Server Protocol on one file of each kind, with the network blocked.

A clean file has no diagnostic; an unknown key, a misspelt enum value and a broken card reference
each get one on their own line; completion offers a card type's fields, card ids and triggers.
"""

import json
import os
import queue
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

HERE = Path(__file__).parent
REPO = HERE.parent.parent
SERVER = HERE / "node_modules" / ".bin" / "yaml-language-server"

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not SERVER.exists(),
    reason="needs Node.js and yaml-language-server: run `npm ci` in tests/lsp (.ci/run does, where npm exists)")

#: Settings the server asks for: validation and completion on, no schema store, no way out to the network.
SETTINGS = {"yaml": {"validate": True, "completion": True, "hover": True, "schemaStore": {"enable": False}},
            "http": {"proxy": "http://127.0.0.1:9", "proxyStrictSSL": True}}


class LanguageServer:
    """A minimal LSP client: JSON-RPC over the server's standard input and output."""

    def __init__(self):
        env = {**os.environ, "HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9"}
        self.process = subprocess.Popen([str(SERVER), "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=env)
        self.inbox: queue.Queue = queue.Queue()
        self.diagnostics: dict[str, list] = {}
        self.replies: dict[int, dict] = {}
        self.last_id = 0
        self.version = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.request("initialize", {"processId": os.getpid(), "rootUri": REPO.as_uri(),
                                    "capabilities": {"workspace": {"configuration": True}}})
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": SETTINGS})

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            length = None
            while (line := stream.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if not line:
                return
            self.inbox.put(json.loads(stream.read(length)))

    def _send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.process.stdin.flush()

    def _wait(self, done, seconds: float = 30) -> None:
        """Handle messages until ``done()``: answer the server's requests, keep replies and diagnostics."""
        while not done():
            message = self.inbox.get(timeout=seconds)
            if "method" in message and "id" in message:  # the server asks for settings
                self._send({"id": message["id"], "result": [self._setting(i.get("section"))
                                                            for i in message["params"].get("items", [])]
                            if message["method"] == "workspace/configuration" else None})
            elif message.get("method") == "textDocument/publishDiagnostics":
                self.diagnostics[message["params"]["uri"]] = message["params"]["diagnostics"]
            elif "id" in message:
                self.replies[message["id"]] = message

    @staticmethod
    def _setting(section: str | None):
        value = SETTINGS
        for key in (section or "").split(".") if section else ():
            value = value.get(key) if isinstance(value, dict) else None
        return value

    def request(self, method: str, params: dict) -> dict:
        self.last_id += 1
        number = self.last_id
        self._send({"id": number, "method": method, "params": params})
        self._wait(lambda: number in self.replies)
        return self.replies.pop(number).get("result")

    def notify(self, method: str, params: dict) -> None:
        self._send({"method": method, "params": params})

    def open(self, path: Path, text: str) -> str:
        uri = path.resolve().as_uri()
        self.diagnostics.pop(uri, None)
        self.version += 1  # the server keeps parsed documents by uri and version
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml",
                                                              "version": self.version, "text": text}})
        return uri

    def close(self, uri: str) -> None:
        """Close the document, once the server has cleared its diagnostics (it always does, at once)."""
        self.diagnostics.pop(uri, None)
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        self._wait(lambda: uri in self.diagnostics)

    def check(self, path: Path, text: str) -> list[tuple[int, str]]:
        """The diagnostics of ``text`` as the file at ``path``: (1-based line, message)."""
        uri = self.open(path, text)
        self._wait(lambda: uri in self.diagnostics)
        found = [(d["range"]["start"]["line"] + 1, d["message"]) for d in self.diagnostics[uri]]
        self.close(uri)
        return found

    def complete(self, path: Path, text: str, offset: int) -> list[str]:
        """The labels offered at ``offset`` of ``text``."""
        uri = self.open(path, text)
        line = text[:offset].count("\n")
        result = self.request("textDocument/completion", {
            "textDocument": {"uri": uri}, "position": {"line": line, "character": offset - text.rfind("\n", 0, offset) - 1}})
        self.close(uri)
        items = result.get("items", []) if isinstance(result, dict) else result or []
        return [item["label"] for item in items]

    def stop(self) -> None:
        try:
            self.request("shutdown", {})
            self.notify("exit", {})
            self.process.wait(timeout=10)
        finally:
            if self.process.poll() is None:
                self.process.kill()


@pytest.fixture(scope="module")
def server():
    client = LanguageServer()
    yield client
    client.stop()


#: One file of each kind, and what breaks it: (what, the text, the broken text, the broken line's mark).
FILES = {
    "decks/aoc/civilizations.yaml": [
        ("unknown key", "  military: 0\n", "  military: 0\n  militray: 1\n", "militray"),
        ("misspelt enum", "  type: civilization\n", "  type: civilisation\n", "civilisation")],
    "decks/aoc/technologies.yaml": [
        ("broken card reference", "requires: [writing]", "requires: [writting]", "writting")],
    "decks/tta/technologies.yaml": [
        ("unknown key", "  initial: true\n", "  initial: true\n  intial: true\n", "intial"),
        ("misspelt enum", "  age: A\n", "  age: AA\n", "AA")],
    "decks/7ages/classic.yaml": [
        ("unknown key", "  value: 7\n", "  value: 7\n  valeu: 7\n", "valeu"),
        ("misspelt enum", "  expansion: classic\n", "  expansion: clasic\n", "clasic"),
        ("broken card reference", "  artefact: islam\n", "  artefact: islm\n", "islm")],
    "decks/7ages/map.yaml": [
        ("unknown key", "    grid: G1\n", "    grid: G1\n    gird: G1\n", "gird"),
        ("misspelt enum", "    kind: land\n", "    kind: lnad\n", "lnad")],
    "decks/aoc/variants/solo.yaml": [
        ("unknown key", "\nremove:", "\nremov: []\nremove:", "remov:"),
        ("broken card reference", "remove: [mongolia,", "remove: [mongolai,", "mongolai")],
    "templates/layouts/aoc/civilization.yaml": [
        ("unknown key", "    align: left\n", "    align: left\n    alignn: left\n", "alignn"),
        ("misspelt enum", "    align: left\n", "    align: lefft\n", "lefft")],
    "tests/scenarios/aoc/rise-egypt-four-workers.yaml": [
        ("unknown key", "\ndo:", "\ndoo:", "doo:"),
        ("misspelt enum", "  step: actions\n", "  step: action\n", "step: action")],
    "templates/agents/aoc/balanced.yaml": [
        ("unknown key", "\nweights:", "\nweight: {}\nweights:", "weight:")],
}


@pytest.mark.parametrize("file", FILES)
def test_a_clean_file_has_no_diagnostic(server, file):
    assert server.check(REPO / file, (REPO / file).read_text()) == []


@pytest.mark.parametrize("file, what, text, broken, mark",
                         [(f, *case) for f, cases in FILES.items() for case in cases],
                         ids=[f"{f}: {case[0]}" for f, cases in FILES.items() for case in cases])
def test_a_mistake_gets_a_diagnostic_on_its_line(server, file, what, text, broken, mark):
    original = (REPO / file).read_text()
    assert text in original
    changed = original.replace(text, broken, 1)
    line = changed[:changed.index(mark)].count("\n") + 1
    found = server.check(REPO / file, changed)
    assert [n for n, _ in found] == [line], found


def offered(server, file: str, text: str, typed: str) -> list[str]:
    """What the editor offers with ``typed`` written instead of ``text``, the cursor after it."""
    original = (REPO / file).read_text()
    assert text in original
    changed = original.replace(text, typed, 1)
    return server.complete(REPO / file, changed, changed.index(typed) + len(typed))


def test_completion_offers_a_card_types_fields(server):
    # Egypt without its military strength: the editor offers the missing field
    labels = offered(server, "decks/aoc/civilizations.yaml", "  military: 0\n  main:", "  main:\n  ")
    assert "military" in labels


def test_completion_offers_card_ids_of_the_right_type(server):
    assert "writing" in offered(server, "decks/aoc/technologies.yaml", "requires: [writing]", "requires: [wr")
    artefacts = offered(server, "decks/7ages/classic.yaml", "  artefact: islam", "  artefact: ")
    assert "islam" in artefacts and "egyptians" not in artefacts
    assert "mongolia" in offered(server, "decks/aoc/variants/solo.yaml", "remove: [mongolia, vikings, germania]",
                                 "remove:\n  - mo")


def test_completion_offers_triggers(server):
    labels = offered(server, "decks/aoc/civilizations.yaml", "    - when: {performed: build}", "    - when: t")
    assert {"turn_end", "round_end", "game_end"} <= set(labels)
