#!/usr/bin/env python3
"""docs/schemas/summary.schema.json against the column table it describes: summary.json's rows
must require exactly the columns `dominoes keys columns` lists (report/summary_columns.cpp, the
one table summary.csv, summary.json and Python are made from), in its order, each with the JSON
type its kind gives (integer, number, text: string; a column that may be empty also null), and
allow nothing else but the display names name_a and name_b and the sweep columns. The schema is
written by hand, so this test is what keeps it from drifting from the table.
Usage: summary_schema_columns_test.py PATH/TO/dominoes PATH/TO/summary.schema.json
"""
import json
import subprocess
import sys

JSON_TYPE = {"integer:": "integer", "number:": "number", "text:": "string"}


def main():
    binary, schema_path = sys.argv[1], sys.argv[2]
    listing = subprocess.run([binary, "keys", "columns"], capture_output=True, text=True,
                             check=True).stdout
    columns = [line.split()[:2] for line in listing.splitlines() if line.strip()]
    with open(schema_path) as f:
        rows = json.load(f)["properties"]["rows"]["items"]
    problems = []
    names = [name for name, _ in columns]
    if rows["required"] != names:
        problems.append(f"required {rows['required']} is not the table's columns {names}")
    properties = rows["properties"]
    extra = set(properties) - set(names) - {"name_a", "name_b"}
    if extra:
        problems.append(f"properties the table does not have: {sorted(extra)}")
    for name, kind in columns:
        if name not in properties:
            problems.append(f"column {name} has no property")
            continue
        declared = properties[name].get("type")
        allowed = {declared} if isinstance(declared, str) else set(declared or [])
        if not allowed:  # an enum of texts
            allowed = {"string"} | ({"null"} if None in properties[name].get("enum", []) else set())
        if JSON_TYPE[kind] not in allowed:
            problems.append(f"column {name} is {kind[:-1]} in the table but {declared} in the schema")
    if rows.get("additionalProperties") is not False:
        problems.append("rows allow properties outside the table (additionalProperties is not false)")
    for problem in problems:
        print("FAIL: " + problem)
    print(f"{len(columns)} columns checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
