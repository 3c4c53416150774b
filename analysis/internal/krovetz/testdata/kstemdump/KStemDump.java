// KStemDump prints Lucene 8's KStem output for words read one per line on
// standard input ("word<TAB>stem"), or with the argument "dict" the entries
// of KStemmer's built-in dictionary ("word<TAB>root<TAB>exception", root
// empty when the word is its own), in word order.
import java.io.*;
import java.lang.reflect.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.core.KeywordTokenizer;
import org.apache.lucene.analysis.en.KStemFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

public class KStemDump {
    public static void main(String[] args) throws Exception {
        PrintWriter w = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8)));
        if (args.length == 1 && args[0].equals("dict")) {
            Class<?> k = Class.forName("org.apache.lucene.analysis.en.KStemmer");
            Field f = k.getDeclaredField("dict_ht");
            f.setAccessible(true);
            Map<?, ?> m = (Map<?, ?>) f.get(null);
            TreeMap<String, String> out = new TreeMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                Object entry = e.getValue();
                Class<?> de = entry.getClass();
                Field root = de.getDeclaredField("root");
                root.setAccessible(true);
                Field exc = de.getDeclaredField("exception");
                exc.setAccessible(true);
                Object r = root.get(entry);
                String key = e.getKey() instanceof char[] ? new String((char[]) e.getKey()) : e.getKey().toString();
                out.put(key, (r == null ? "" : r.toString()) + "\t" + exc.get(entry));
            }
            for (Map.Entry<String, String> e : out.entrySet()) w.println(e.getKey() + "\t" + e.getValue());
            w.flush();
            return;
        }
        KeywordTokenizer tok = new KeywordTokenizer();
        TokenStream ts = new KStemFilter(tok);
        CharTermAttribute t = ts.addAttribute(CharTermAttribute.class);
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) {
            tok.setReader(new StringReader(line));
            ts.reset();
            String stem = line;
            if (ts.incrementToken()) stem = t.toString();
            ts.end();
            ts.close();
            w.println(line + "\t" + stem);
        }
        w.flush();
    }
}
