"""Writes a file that the TorchScript importer must refuse.

    bad_archives.py KIND OUT.pt

KIND is one of:
  not_zip        a text file
  state_dict     a zip archive of torch.save, not of torch.jit.save
  truncated      the first half of a TorchScript archive
  newer_version  a TorchScript archive whose format version is 100

The modules come from the model zoo's zoo_modules.py (utils/, which lit puts
on PYTHONPATH).
"""
import io
import sys
import zipfile

import torch

import zoo_modules


def scripted_archive():
    buffer = io.BytesIO()
    torch.jit.save(torch.jit.script(zoo_modules.ControlFlow()), buffer)
    return buffer.getvalue()


def write(kind, path):
    if kind == "not_zip":
        with open(path, "w") as f:
            f.write("this is not a TorchScript archive\n")
    elif kind == "state_dict":
        torch.save(zoo_modules.ConvLinear().state_dict(), path)
    elif kind == "truncated":
        data = scripted_archive()
        with open(path, "wb") as f:
            f.write(data[:len(data) // 2])
    elif kind == "newer_version":
        # The format version record as a future PyTorch would write it.
        source = zipfile.ZipFile(io.BytesIO(scripted_archive()))
        with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as out:
            for info in source.infolist():
                payload = source.read(info.filename)
                if info.filename.endswith("/version"):
                    payload = b"100\n"
                out.writestr(info, payload)
    else:
        raise SystemExit(f"unknown kind '{kind}'\n\n{__doc__}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    write(sys.argv[1], sys.argv[2])
