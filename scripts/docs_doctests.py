"""A griffe extension for the documentation site (mkdocs.yml): the ``>>>`` examples of a
docstring are shown as Python console blocks, as written, rather than read as Markdown
(where ``[a, b]`` would be taken for a link), and Sphinx's cross-reference roles
(``:func:`~openwhist.records.replay```) as the code they name (``replay``)."""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj|const|type):`(~?)([^`]+)`")


def plain_roles(text: str) -> str:
    """``text`` with each Sphinx role written as code: ``:func:`~a.b``` as ```b```."""
    return ROLE.sub(lambda m: f"`{m.group(2).rsplit('.', 1)[-1] if m.group(1) else m.group(2)}`", text)


def fence_doctests(text: str) -> str:
    """``text`` with each run of ``>>>`` lines and their output (to the next blank line)
    in a ```` ```pycon ```` fence at the run's indentation; fenced text is left as it is."""
    out: list[str] = []
    in_fence = in_run = False
    indent = ""
    for line in text.splitlines():
        stripped = line.lstrip()
        if in_run and not stripped:
            out.append(indent + "```")
            in_run = False
        if not in_run and stripped.startswith("```"):
            in_fence = not in_fence
        elif not in_fence and not in_run and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out.append(indent + "```pycon")
            in_run = True
        out.append(line)
    if in_run:
        out.append(indent + "```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fences the doctests of every docstring griffe loads."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        """Rewrites ``obj``'s docstring, if it has one."""
        if obj.docstring is not None:
            obj.docstring.value = plain_roles(fence_doctests(obj.docstring.value))
