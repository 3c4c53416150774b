#!/usr/bin/env python3
"""Writes sample.golden.txt, the fixture of TestSampleCSVMatchesPython.

It reads the embedded sample (../sample/args_processed_sample.csv) with
Python's csv and ast.literal_eval, the reference reader of the processed
format, and records the number of arguments, premises and sentences and a
SHA-256 over every argument's id, conclusion, premises (stance, text) and
sentences (id, text), in order, each field followed by a newline.
Run it from this directory: python3 make_sample_golden.py
"""
import ast
import csv
import hashlib

csv.field_size_limit(1 << 30)
h = hashlib.sha256()
args = premises = sentences = 0


def put(s):
    h.update(s.encode("utf-8") + b"\n")


with open("../sample/args_processed_sample.csv", newline="", encoding="utf-8") as f:
    for row in csv.DictReader(f):
        args += 1
        put(row["id"])
        put(row["conclusion"])
        for p in ast.literal_eval(row["premises"]):
            premises += 1
            put(p["stance"])
            put(p["text"])
        for s in ast.literal_eval(row["sentences"]):
            sentences += 1
            put(s["sent_id"])
            put(s["sent_text"])

with open("sample.golden.txt", "w") as f:
    f.write("arguments %d\npremises %d\nsentences %d\nsha256 %s\n" % (args, premises, sentences, h.hexdigest()))
