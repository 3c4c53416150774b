#!/usr/bin/env python3
"""Writes hostile.csv, hostile.golden.json and hostile.json, the fixtures of
TestHostileCSV and TestHostileJSON.

hostile.csv is a processed CSV (id,conclusion,premises,context,sentences) whose
Python-literal columns are written with repr(), as the official file was, with
texts full of quotes, backslashes, control characters and non-ASCII.
hostile.golden.json holds what csv + ast.literal_eval read back from it.
hostile.json holds the same arguments in the args.me JSON format.
Run it from this directory: python3 make_hostile.py
"""
import ast
import csv
import json

texts = [
    "plain sentence here.",
    "it's an apostrophe",
    'say "hi" now',
    "both ' and \" quotes",
    "back\\slash and \\\\ double \\n not a newline",
    "new\nline, carriage\rreturn, tab\there",
    "controls \x00 \x01 \x07 \x08 \x0b \x0c \x1b \x7f \x85 \xa0 \xad end",
    "unicode é ü ß 日本語 — “curly” ‘single’ …",
    "emoji 🎉 and astral \U0001F600 and \U000E0001 tag",
    "separators \u2028 \u2029 and bom \ufeff and zwsp \u200b",
    "commas, \"\" doubled, and ,,, many",
    "trailing backslash \\",
    "",
    "  spaced  ",
    "crlf\r\nin a conclusion, lone\rcr, \"quoted\"\r\n and lf\n",
]

rows = []
arguments = []
for i in range(0, len(texts), 2):
    arg_id = "Shostile%02d-A%02d" % (i, i + 1)
    group = texts[i : i + 2]
    premises = [{"text": t, "stance": s, "annotations": []} for t, s in zip(group, ["PRO", "CON"])]
    context = {
        "sourceId": "Shostile%02d" % i,
        "previousArgumentInSourceId": "",
        "acquisitionTime": "2019-04-18T12:00:00Z",
        "discussionTitle": group[0],
        "sourceTitle": None if i % 4 == 0 else group[-1],
        "sourceUrl": None if i % 4 == 0 else "https://www.Debate.org/debates/x%d/" % i,
        "nextArgumentInSourceId": "",
        "sourceText": "\n".join(texts),
        "aspects": [{"name": "x", "weight": 1, "rank": 1.5, "flag": True}],
    }
    sentences = [
        {"sent_id": "%s__PREMISE__%d" % (arg_id, k + 1), "sent_text": t} for k, t in enumerate(group)
    ] + [{"sent_id": arg_id + "__CONC__1", "sent_text": group[0]}]
    arguments.append({"id": arg_id, "conclusion": group[0], "premises": premises, "context": context})
    rows.append([arg_id, group[0], repr(premises), repr(context), repr(sentences)])

with open("hostile.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["id", "conclusion", "premises", "context", "sentences"])
    w.writerows(rows)

golden = []
with open("hostile.csv", newline="", encoding="utf-8") as f:
    for row in csv.DictReader(f):
        golden.append(
            {
                "id": row["id"],
                "conclusion": row["conclusion"],
                "premises": ast.literal_eval(row["premises"]),
                "context": ast.literal_eval(row["context"]),
                "sentences": ast.literal_eval(row["sentences"]),
            }
        )
with open("hostile.golden.json", "w", encoding="utf-8") as f:
    json.dump(golden, f, ensure_ascii=True, indent=1)
    f.write("\n")

with open("hostile.json", "w", encoding="utf-8") as f:
    json.dump({"arguments": arguments}, f, ensure_ascii=False, indent=1)
    f.write("\n")
