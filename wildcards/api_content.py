"""What the API reads and answers: JSON. The parser bounds nesting so that no body reaches a
500; the content negotiation answers JSON to an `Accept` it cannot meet."""

from __future__ import annotations

from rest_framework import parsers
from rest_framework.exceptions import NotAcceptable, ParseError
from rest_framework.negotiation import DefaultContentNegotiation

# No request body of ours is nested more than three levels (a table's `options`); Python's
# decoder gives up near the recursion limit with a RecursionError, which DRF does not catch.
MAX_DEPTH = 32
TOO_DEEP = f"The JSON is nested more than {MAX_DEPTH} levels deep."


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(TOO_DEEP) from None
        if _depth(data) > MAX_DEPTH:
            raise ParseError(TOO_DEEP)
        return data


def _depth(data: object) -> int:
    """How deeply objects and arrays nest (a scalar is 0), without recursion."""
    deepest, todo = 0, [(data, 1)]
    while todo:
        node, depth = todo.pop()
        if isinstance(node, dict):
            node = node.values()
        elif not isinstance(node, list):
            continue
        deepest = max(deepest, depth)
        if depth <= MAX_DEPTH:  # past the bound the answer is known
            todo.extend((child, depth + 1) for child in node)
    return deepest


class JSONUnlessAsked(DefaultContentNegotiation):
    """The renderer the client asks for if there is one (JSON; the schema's YAML), else the
    view's first: `Accept: text/html` gets JSON rather than a 406 (RFC 9110 lets a
    server disregard Accept), as a browser or a hurried `curl` expects."""

    def select_renderer(self, request, renderers, format_suffix=None):
        try:
            return super().select_renderer(request, renderers, format_suffix)
        except NotAcceptable:
            return renderers[0], renderers[0].media_type
