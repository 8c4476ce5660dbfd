#!/usr/bin/env python3
"""Rewrites MLIR bytecode into bytecode that MLIR's reader must not trust.

    make_bad_bytecode.py KIND IN OUT

IN is MLIR bytecode (as torch-onnx-opt --emit-bytecode writes it); OUT is
the same file with one change, and sections laid out again around it.
KIND is one of:
  valid              no change
  huge_strings       the string section declares 2^60 strings
  huge_dialects      the dialect section declares 2^60 dialects
  huge_properties    the properties section declares 2^60 entries
  huge_attributes    the attribute/type offset section declares 2^60
                     attributes
  section_past_end   the last section declares 1000 bytes more than the
                     file holds
  top_level_arguments
                     the top-level block of the IR section has arguments
  deep_text_entry    the first attribute or type stored as MLIR text that
                     starts with `!torch.list<` nests 2000 of them
  group_past_table   the first dialect group of the attribute/type offset
                     section declares one attribute more than there are
  dense_short_data   the first dense int or float attribute holds 8 bytes
  dynamic_dim        the first ranked tensor type has a first dim of -1
  huge_dim           the first ranked tensor type has a first dim of 2^40
  huge_words         the first integer attribute, of more than 64 bits,
                     declares 2^60 words
  long_array         the first dense array attribute declares 100000
                     elements
"""
import sys

MAGIC = b"ML\xefR"
STRING, DIALECT, ATTR_TYPE, ATTR_TYPE_OFFSET, IR, PROPERTIES = 0, 1, 2, 3, 4, 8
HUGE = 1 << 60


def read_varint(data, pos):
    """Returns the varint at `pos` and the position after it."""
    first = data[pos]
    if first == 0:
        return int.from_bytes(data[pos + 1:pos + 9], "little"), pos + 9
    extra = (first & -first).bit_length() - 1
    value = int.from_bytes(data[pos:pos + extra + 1], "little")
    return value >> (extra + 1), pos + extra + 1


def write_varint(value):
    """The shortest encoding of `value`."""
    for extra in range(8):
        if value < 1 << (7 * (extra + 1)):
            encoded = (value << (extra + 1)) | (1 << extra)
            return encoded.to_bytes(extra + 1, "little")
    return b"\x00" + value.to_bytes(8, "little")


def read_sections(data):
    """Splits bytecode into its header and its (id, alignment, contents)."""
    assert data.startswith(MAGIC), "not MLIR bytecode"
    _, pos = read_varint(data, len(MAGIC))
    pos = data.index(b"\x00", pos) + 1
    header, sections = data[:pos], []
    while pos < len(data):
        id_and_alignment = data[pos]
        length, pos = read_varint(data, pos + 1)
        alignment = 1
        if id_and_alignment & 0x80:
            alignment, pos = read_varint(data, pos)
            while pos % alignment:
                pos += 1
        sections.append([id_and_alignment & 0x7F, alignment,
                         data[pos:pos + length]])
        pos += length
    return header, sections


def write_sections(header, sections, extra_length=0):
    out = bytearray(header)
    for index, (section_id, alignment, contents) in enumerate(sections):
        length = len(contents)
        if index == len(sections) - 1:
            length += extra_length
        if alignment == 1:
            out += bytes([section_id]) + write_varint(length)
            out += contents
            continue
        out += bytes([section_id | 0x80]) + write_varint(length)
        out += write_varint(alignment)
        while len(out) % alignment:
            out.append(0xCB)
        out += contents
    return bytes(out)


def replace_first_varint(sections, section_id, rewrite):
    """Replaces the varint that starts `section_id` by rewrite(varint)."""
    for section in sections:
        if section[0] == section_id:
            value, end = read_varint(section[2], 0)
            section[2] = write_varint(rewrite(value)) + section[2][end:]
            return
    sys.exit(f"error: no section {section_id}")


def find_section(sections, section_id):
    for section in sections:
        if section[0] == section_id:
            return section
    sys.exit(f"error: no section {section_id}")


def rewrite_entries(sections, rewrite):
    """Replaces the first attribute or type entry that rewrite changes.

    rewrite(is_type, has_custom_encoding, entry) returns the new bytes of the
    entry, or None to leave it; the sizes in the offset section follow.
    """
    offsets = find_section(sections, ATTR_TYPE_OFFSET)
    data = find_section(sections, ATTR_TYPE)
    # The counts of attributes and types, then groups of entries: a dialect,
    # a count, and each entry's size shifted left by one, with a low bit that
    # says its dialect encoded it (else it is text).
    num_attributes, pos = read_varint(offsets[2], 0)
    num_types, pos = read_varint(offsets[2], pos)
    out, new_data, data_pos, done = offsets[2][:pos], bytearray(), 0, False
    for is_type, total in ((False, num_attributes), (True, num_types)):
        while total:
            dialect, pos = read_varint(offsets[2], pos)
            count, pos = read_varint(offsets[2], pos)
            out += write_varint(dialect) + write_varint(count)
            for _ in range(count):
                size_and_flag, pos = read_varint(offsets[2], pos)
                size = size_and_flag >> 1
                entry = data[2][data_pos:data_pos + size]
                data_pos += size
                if not done:
                    new_entry = rewrite(is_type, size_and_flag & 1, entry)
                    if new_entry is not None:
                        entry, done = new_entry, True
                new_data += entry
                out += write_varint(len(entry) << 1 | (size_and_flag & 1))
            total -= count
    if not done:
        sys.exit("error: no entry to rewrite")
    offsets[2] = bytes(out) + offsets[2][pos:]
    data[2] = bytes(new_data) + data[2][data_pos:]


# The builtin dialect's codes (mlir/IR/BuiltinDialectBytecode.td), as the
# varint that starts an entry.
INTEGER_ATTR, DENSE_ARRAY_ATTR = write_varint(8), write_varint(17)
DENSE_INT_OR_FP_ATTR = write_varint(18)
RANKED_TENSOR_TYPE = write_varint(13)


def deepen_text_entry(is_type, custom, entry):
    """Nests the first `!torch.list<` entry stored as text 2000 deep."""
    if custom or not entry.startswith(b"!torch.list<"):
        return None
    return b"!torch.list<" * 2000 + b"!torch.int" + b">" * 2000 + b"\x00"


def shorten_dense_data(is_type, custom, entry):
    """Gives the first dense int or float attribute 8 bytes of data."""
    if is_type or not custom or not entry.startswith(DENSE_INT_OR_FP_ATTR):
        return None
    _, pos = read_varint(entry, len(DENSE_INT_OR_FP_ATTR))
    return entry[:pos] + write_varint(8) + bytes(8)


def set_first_dim(value):
    """Sets the first dim of the first ranked tensor type to `value`."""
    def rewrite(is_type, custom, entry):
        if not is_type or not custom or \
                not entry.startswith(RANKED_TENSOR_TYPE):
            return None
        # The number of dims, then each a signed (zigzag) varint.
        rank, pos = read_varint(entry, len(RANKED_TENSOR_TYPE))
        assert rank > 0, "the first ranked tensor type is a scalar"
        _, end = read_varint(entry, pos)
        zigzag = value * 2 if value >= 0 else -value * 2 - 1
        return entry[:pos] + write_varint(zigzag) + entry[end:]
    return rewrite


def inflate_integer_words(is_type, custom, entry):
    """Makes the first integer attribute, of more than 64 bits, declare
    2^60 words."""
    if is_type or not custom or not entry.startswith(INTEGER_ATTR):
        return None
    # The type, then the number of words.
    _, pos = read_varint(entry, len(INTEGER_ATTR))
    _, end = read_varint(entry, pos)
    return entry[:pos] + write_varint(HUGE) + entry[end:]


def overfill_first_group(sections):
    """Makes the first group of attributes one longer than all of them."""
    offsets = find_section(sections, ATTR_TYPE_OFFSET)
    num_attributes, pos = read_varint(offsets[2], 0)
    _, pos = read_varint(offsets[2], pos)
    _, pos = read_varint(offsets[2], pos)
    _, end = read_varint(offsets[2], pos)
    offsets[2] = offsets[2][:pos] + write_varint(num_attributes + 1) + \
        offsets[2][end:]


def lengthen_dense_array(is_type, custom, entry):
    """Makes the first dense array attribute declare 100000 elements."""
    if is_type or not custom or not entry.startswith(DENSE_ARRAY_ATTR):
        return None
    # The element type, then the number of elements.
    _, pos = read_varint(entry, len(DENSE_ARRAY_ATTR))
    _, end = read_varint(entry, pos)
    return entry[:pos] + write_varint(100000) + entry[end:]


def main(kind, in_path, out_path):
    with open(in_path, "rb") as f:
        header, sections = read_sections(f.read())
    extra_length = 0
    counts = {"huge_strings": STRING, "huge_dialects": DIALECT,
              "huge_properties": PROPERTIES,
              "huge_attributes": ATTR_TYPE_OFFSET}
    if kind in counts:
        replace_first_varint(sections, counts[kind], lambda count: HUGE)
    elif kind == "section_past_end":
        extra_length = 1000
    elif kind == "top_level_arguments":
        # The block's header is its number of operations, shifted left by
        # one, and a low bit that says it has arguments.
        replace_first_varint(sections, IR, lambda header: header | 1)
    elif kind == "deep_text_entry":
        rewrite_entries(sections, deepen_text_entry)
    elif kind == "dense_short_data":
        rewrite_entries(sections, shorten_dense_data)
    elif kind == "dynamic_dim":
        rewrite_entries(sections, set_first_dim(-1))
    elif kind == "huge_dim":
        rewrite_entries(sections, set_first_dim(1 << 40))
    elif kind == "huge_words":
        rewrite_entries(sections, inflate_integer_words)
    elif kind == "long_array":
        rewrite_entries(sections, lengthen_dense_array)
    elif kind == "group_past_table":
        overfill_first_group(sections)
    elif kind != "valid":
        sys.exit(f"error: unknown kind '{kind}'")
    with open(out_path, "wb") as f:
        f.write(write_sections(header, sections, extra_length))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
