// Regenerates testdata/lucene_english.tsv from its first column (see analysis_test.go):
//   javac -cp "$CP" LuceneAnalyze.java && cut -f1 lucene_english.tsv | java -cp "$CP:." LuceneAnalyze
// and testdata/lucene_kstem.tsv with the argument "kstem":
//   cut -f1 lucene_kstem.tsv | java -cp "$CP:." LuceneAnalyze kstem
// with CP = lucene-core and lucene-analyzers-common 8.x jars (Debian liblucene8-java).
// Prints, for each input line, the tokens Lucene's EnglishAnalyzer makes of it,
// separated by spaces (an empty line when there are none); with "kstem", the
// same chain with KStemFilter in place of PorterStemFilter.
import java.io.*;
import java.nio.charset.StandardCharsets;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.KStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

public class LuceneAnalyze {
    public static void main(String[] args) throws IOException {
        Analyzer a = new EnglishAnalyzer();
        if (args.length == 1 && args[0].equals("kstem")) {
            a = new Analyzer() {
                @Override
                protected TokenStreamComponents createComponents(String field) {
                    Tokenizer source = new StandardTokenizer();
                    TokenStream result = new EnglishPossessiveFilter(source);
                    result = new LowerCaseFilter(result);
                    result = new StopFilter(result, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
                    result = new KStemFilter(result);
                    return new TokenStreamComponents(source, result);
                }
            };
        }
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintWriter w = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) {
            StringBuilder sb = new StringBuilder();
            try (TokenStream ts = a.tokenStream("text", line)) {
                CharTermAttribute t = ts.addAttribute(CharTermAttribute.class);
                ts.reset();
                while (ts.incrementToken()) {
                    if (sb.length() > 0) sb.append(' ');
                    sb.append(t.toString());
                }
                ts.end();
            }
            w.println(sb);
        }
        w.flush();
    }
}
