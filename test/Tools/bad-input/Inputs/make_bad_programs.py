#!/usr/bin/env python3
"""Writes the bad .pt2 archives of the tests in test/Tools/bad-input/.

    make_bad_programs.py DIR KIND...

Writes DIR/KIND.pt2 for each KIND, rewritten with zipfile from the archive
that torch.export.save writes (once, for all KINDs) of Scale below: it
takes one 4xf32 tensor x and returns relu(x * weight), where weight is a
parameter of 4 floats. KIND is one of:
  valid             the archive as torch.export.save wrote it
  rewritten         every entry copied unchanged by zipfile
  future_schema     models/model.json says schema_version major 100
  short_weight      the weight's record holds 8 of its 16 bytes
  parent_entry      an extra entry named '../evil'
  absolute_entry    an extra entry named '/tmp/evil'
  unknown_op        the relu node calls torch.ops.aten.no_such_op.default
"""
import io
import json
import os
import sys
import zipfile

import torch


class Scale(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.arange(4.0))

    def forward(self, x):
        # The tests of unknown_op check the line of this return: 34.
        return torch.relu(x * self.weight)


def saved_archive():
    """The bytes of Scale exported, as torch.export.save writes them."""
    buffer = io.BytesIO()
    torch.export.save(torch.export.export(Scale(), (torch.ones(4),)), buffer)
    return buffer.getvalue()


def rewrite_archive(saved, path, replace=lambda name, payload: payload,
                    extra=None):
    """Writes the archive `saved` (bytes) to `path` with the payloads that
    `replace(name, payload)` returns, and the `extra` entries (name to
    payload) after them."""
    source = zipfile.ZipFile(io.BytesIO(saved))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as out:
        for info in source.infolist():
            out.writestr(info, replace(info.filename,
                                       source.read(info.filename)))
        for name, payload in (extra or {}).items():
            # ZipInfo keeps the name as given; ZipFile.writestr(str) would
            # strip a leading '/'.
            info = zipfile.ZipInfo(name)
            info.filename = name
            out.writestr(info, payload)


def edit_program(edit):
    """A `replace` for rewrite_archive that applies `edit` to the JSON of
    models/model.json."""
    def replace(name, payload):
        if not name.endswith("/models/model.json"):
            return payload
        program = json.loads(payload)
        edit(program)
        return json.dumps(program).encode()
    return replace


def future_schema(program):
    program["schema_version"]["major"] = 100


def unknown_op(program):
    for node in program["graph_module"]["graph"]["nodes"]:
        if node["target"] == "torch.ops.aten.relu.default":
            node["target"] = "torch.ops.aten.no_such_op.default"


KINDS = ("valid", "rewritten", "future_schema", "short_weight",
         "parent_entry", "absolute_entry", "unknown_op")


def main(folder, kinds):
    unknown = [kind for kind in kinds if kind not in KINDS]
    if unknown or not kinds:
        raise SystemExit(f"unknown kinds {unknown}\n\n{__doc__}")
    torch.manual_seed(0)
    saved = saved_archive()
    for kind in kinds:
        path = os.path.join(folder, kind + ".pt2")
        if kind == "valid":
            with open(path, "wb") as f:
                f.write(saved)
        elif kind == "rewritten":
            rewrite_archive(saved, path)
        elif kind == "future_schema":
            rewrite_archive(saved, path, edit_program(future_schema))
        elif kind == "short_weight":
            rewrite_archive(saved, path,
                            lambda name, payload: payload[:8]
                            if name.endswith("/data/weights/weight_0")
                            else payload)
        elif kind == "parent_entry":
            rewrite_archive(saved, path, extra={"../evil": b"outside\n"})
        elif kind == "absolute_entry":
            rewrite_archive(saved, path, extra={"/tmp/evil": b"outside\n"})
        elif kind == "unknown_op":
            rewrite_archive(saved, path, edit_program(unknown_op))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2:])
