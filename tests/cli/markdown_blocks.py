"""The fenced blocks of a Markdown file, for the tests that run the docs' commands
(readme_commands_test.py, docs_commands_test.py). Standard library only."""
import re


def code_blocks(path):
    """Yields (line number of the fence, info words, [(line number, text)]) for each fenced block
    (``` or ~~~, any indentation) of the Markdown file `path` (a pathlib.Path)."""
    lines = path.read_text().split("\n")
    k = 0
    while k < len(lines):
        opening = re.match(r"^\s*(`{3,}|~{3,})(.*)$", lines[k])
        if not opening:
            k += 1
            continue
        fence, info, fence_line = opening.group(1), opening.group(2).split(), k + 1
        k += 1
        body = []
        while k < len(lines) and not lines[k].strip().startswith(fence):
            body.append((k + 1, lines[k]))
            k += 1
        k += 1
        yield fence_line, info, body
