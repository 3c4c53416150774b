// Regenerates testdata/lucene_english.tsv from its first column (see analysis_test.go):
//   javac -cp "$CP" LuceneAnalyze.java && cut -f1 lucene_english.tsv | java -cp "$CP:." LuceneAnalyze
// with CP = lucene-core and lucene-analyzers-common 8.x jars (Debian liblucene8-java).
// Prints, for each input line, the tokens Lucene's EnglishAnalyzer makes of it,
// separated by spaces (an empty line when there are none).
import java.io.*;
import java.nio.charset.StandardCharsets;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

public class LuceneAnalyze {
    public static void main(String[] args) throws IOException {
        Analyzer a = new EnglishAnalyzer();
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
