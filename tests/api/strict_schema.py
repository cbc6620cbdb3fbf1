"""The OpenAPI schema made strict for the tests that check real answers against it: every object
that declares its properties is closed to others, as a client whose models forbid extra fields
reads it (a field the server sends and the schema does not declare fails)."""

from __future__ import annotations


def strict(node):
    """The schema (or any part of it) with `additionalProperties: false` on every object that
    declares its properties and does not say what others may be."""
    if isinstance(node, list):
        return [strict(value) for value in node]
    if not isinstance(node, dict):
        return node
    node = {key: strict(value) for key, value in node.items()}
    if "properties" in node and "additionalProperties" not in node:
        node["additionalProperties"] = False
    return node
