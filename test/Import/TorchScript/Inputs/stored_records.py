"""Writes a TorchScript archive of a small module in three layouts:

  stored.pt    as torch.jit.save writes it: records stored, 64-byte aligned
  deflated.pt  every record deflated
  shifted.pt   records stored, each data record 5 bytes off alignment
  zip64.pt     as stored.pt, with the sizes and offsets of the central
               directory in zip64 extra fields, as in archives past 4 GiB

Usage: stored_records.py DIR
"""
import os
import sys
import zipfile

import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.linear = torch.nn.Linear(16, 8)
        self.register_buffer("offset", torch.arange(8, dtype=torch.float32))

    def forward(self, x):
        return self.linear(x) + self.offset


def padding(size):
    """A local extra field of `size` bytes (at least 4) that says nothing."""
    return b"\xfe\xca" + (size - 4).to_bytes(2, "little") + b"\0" * (size - 4)


def rewrite(source, target, compression, shift=None):
    """Copies the zip `source` to `target`. Stored data records start on a
    64-byte boundary, as PyTorch writes them, or `shift` bytes past one."""
    with zipfile.ZipFile(source) as old, \
            zipfile.ZipFile(target, "w", compression) as new:
        for info in old.infolist():
            data = old.read(info.filename)
            entry = zipfile.ZipInfo(info.filename, info.date_time)
            entry.compress_type = compression
            if compression == zipfile.ZIP_STORED and "/data/" in info.filename:
                # zipfile adds a zip64 field of 20 bytes to the local
                # header of a record past its limit.
                zip64 = 20 if len(data) * 1.05 > zipfile.ZIP64_LIMIT else 0
                start = new.fp.tell() + 30 + len(info.filename.encode()) + zip64
                size = 4 + (-(start + 4)) % 64 + (shift or 0)
                entry.extra = padding(size)
            new.writestr(entry, data)


def main():
    out = sys.argv[1]
    stored = os.path.join(out, "stored.pt")
    torch.jit.save(torch.jit.script(Model()), stored)
    rewrite(stored, os.path.join(out, "deflated.pt"), zipfile.ZIP_DEFLATED)
    rewrite(stored, os.path.join(out, "shifted.pt"), zipfile.ZIP_STORED, 5)
    # zipfile writes zip64 fields for what passes this limit.
    zipfile.ZIP64_LIMIT = 0
    rewrite(stored, os.path.join(out, "zip64.pt"), zipfile.ZIP_STORED)


if __name__ == "__main__":
    main()
