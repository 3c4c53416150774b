// Package index is the on-disk form of a lexical index (package
// retrieval/lexical), and what an index is in memory once read or built:
// its metadata (Meta), and per unit (Unit) the documents' ids and per field
// (Field) the term dictionary, postings, document lengths and term
// vectors. It writes units (WriteUnit, WriteMeta) and reads them (ReadMeta,
// Read), codes postings in blocks (AppendBlock, DecodeBlock) and ids
// (IDCoder), and checks what it reads: the small sections when a unit is
// read, the postings, term vectors and ids when first used (Field.TermBlocks,
// Field.Vector, Unit.CheckID; the first CheckID also checks all ids on a
// goroutine behind the queries, which Data.Close stops), or all of them
// (Data.Check).
//
// Package build makes an index and package search queries one; their
// errors, like this package's, start with "lexical: ", the package users
// see.
//
// # Format
//
// On disk an index is a directory holding index.json (the metadata,
// written last) and one file per unit, <unit>.lex:
//
//	magic "ARGLEX\x00\x03"
//	sections, each zero bytes up to a multiple of 8 from the file's
//	start, a uint64 byte count, the bytes (so that arrays of integers
//	can be used where the file is mapped) and a CRC-32C (uint32, see
//	below):
//	  document ids*, front-coded in entries: varint(2·k+1) (the id drops
//	  the last k bytes of the previous one), varint(length of the rest),
//	  the rest; or one byte 2·n, 0 < n < 64: the next n ids each count
//	  up the number the previous one ends in ("…__9", "…__10"); the
//	  first of every IDEvery documents starts from nothing; the offsets
//	  of those restarts (uint64); id ranks (each document's position in
//	  byte order of the ids: the number of documents and of wide ranks
//	  (uint64 each), a bit per group of 16 documents (uint64s) for the
//	  groups whose ranks are wide, per group a base (uint32: for a wide
//	  group, its position among the wide ranks), the wide ranks (uint32,
//	  16 per wide group), per document its rank less its group's base (a
//	  byte; anything for a wide group)); each chunk's checksum (uint32)
//	  number of fields (one section of 4 bytes), then per field:
//	    name, term blob (terms in byte order, concatenated), term end
//	    offsets (uint64), df (uint32), ttf (uint64), max tf (uint32),
//	    postings end offsets (uint64), postings* (then 8 bytes of
//	    padding), an empty section (format 5 held each term's first
//	    block there: they follow from the df), blocks* (12 bytes each), document lengths (a byte each, 255 for 255 or more),
//	    document lengths (uint32; none if all are below 255), term
//	    vectors*, term vector end offsets* (uint64), each term's
//	    checksum (uint32), each chunk's checksum (uint32)
//
// A section's checksum is the CRC-32C of its bytes followed by its byte
// count; for the large sections marked *, of its byte count alone. Read
// checks the others whole. The large ones have checksums of the size a
// query reads, checked the first time it reads them: a term's checksum
// covers its postings and then its blocks; a chunk's of the term vectors,
// those of FwdChunk consecutive documents (the last chunk may have fewer),
// then their end offsets from the one before the chunk's first document
// to its last (uint64); a chunk's of the ids, the bytes of the ids of
// IDChunk consecutive documents.
//
// Integers are little-endian. Files are mapped into memory (mmap) where the
// platform allows, and arrays of integers used in place on little-endian
// machines. A term's postings are blocks of 128 (fewer in its last block),
// bit-packed (see Block); a block's entry holds its last document, its
// offset from the start of the term's postings, its largest frequency and
// its shortest document. A term vector entry is varint(idDelta<<1 | f==1)
// followed by varint(f) when f > 1.
package index
