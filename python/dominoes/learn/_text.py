"""How the trainer's one-line messages quote what they name: in double quotes, as `dominoes`
does ("0.001", "[256, 256]", "data/m200")."""

import json


def quoted(value):
    """Returns `value` in double quotes: a string as it is (escaped as JSON), anything else as
    its JSON text."""
    return json.dumps(value if isinstance(value, str) else json.dumps(value))
