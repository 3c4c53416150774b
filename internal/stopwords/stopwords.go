// Package stopwords holds the English stop lists of the module: Lucene's,
// Snowball's and the Glasgow IR group's. Package analysis removes them
// from index terms (Analysis.Stop "lucene", "english", "glasgow"), and
// nlp's RAKE keywords, the query rewriters and the comparative queries
// split on Snowball's.
package stopwords

// Lucene reports whether w (lower case) is one of the 33 English
// stop words of Lucene's EnglishAnalyzer (ENGLISH_STOP_WORDS_SET).
func Lucene(w string) bool {
	switch w {
	case "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it",
		"no", "not", "of", "on", "or", "such", "that", "the", "their", "then", "there", "these",
		"they", "this", "to", "was", "will", "with":
		return true
	}
	return false
}

// Snowball reports whether w (lower case) is one of the 174 words
// of the Snowball project's English stop list
// (snowball.tartarus.org/algorithms/english/stop.txt, BSD licence), as
// Lucene 4.7.2 and bleve's "stop_en" filter ship it: pronouns, forms of be,
// have and do, contractions, articles, prepositions and conjunctions.
func Snowball(w string) bool {
	switch w {
	case "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are",
		"aren't", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both",
		"but", "by", "can't", "cannot", "could", "couldn't", "did", "didn't", "do", "does", "doesn't",
		"doing", "don't", "down", "during", "each", "few", "for", "from", "further", "had", "hadn't",
		"has", "hasn't", "have", "haven't", "having", "he", "he'd", "he'll", "he's", "her", "here",
		"here's", "hers", "herself", "him", "himself", "his", "how", "how's", "i", "i'd", "i'll", "i'm",
		"i've", "if", "in", "into", "is", "isn't", "it", "it's", "its", "itself", "let's", "me", "more",
		"most", "mustn't", "my", "myself", "no", "nor", "not", "of", "off", "on", "once", "only", "or",
		"other", "ought", "our", "ours", "ourselves", "out", "over", "own", "same", "shan't", "she",
		"she'd", "she'll", "she's", "should", "shouldn't", "so", "some", "such", "than", "that",
		"that's", "the", "their", "theirs", "them", "themselves", "then", "there", "there's", "these",
		"they", "they'd", "they'll", "they're", "they've", "this", "those", "through", "to", "too",
		"under", "until", "up", "very", "was", "wasn't", "we", "we'd", "we'll", "we're", "we've", "were",
		"weren't", "what", "what's", "when", "when's", "where", "where's", "which", "while", "who",
		"who's", "whom", "why", "why's", "with", "won't", "would", "wouldn't", "you", "you'd", "you'll",
		"you're", "you've", "your", "yours", "yourself", "yourselves":
		return true
	}
	return false
}

// Glasgow reports whether w (lower case) is one of the 318 words
// of the English stop list of the Glasgow Information Retrieval Group, as
// scikit-learn ships it (ENGLISH_STOP_WORDS, BSD-3-Clause licence). The
// list was copied from Debian bookworm's python3-sklearn 1.2.1+dfsg-1,
// file /usr/lib/python3/dist-packages/sklearn/feature_extraction/_stop_words.py,
// whose comment says it "is taken from the Glasgow Information Retrieval
// Group" (ir.dcs.gla.ac.uk/resources/linguistic_utils/stop_words); the
// file notes no difference from that list, so none is claimed here. It
// has no contractions and keeps scikit-learn's spellings, such as
// "amoungst", and content words such as "bill", "fire" and "system".
func Glasgow(w string) bool {
	switch w {
	case "a", "about", "above", "across", "after", "afterwards", "again", "against", "all", "almost",
		"alone", "along", "already", "also", "although", "always", "am", "among", "amongst",
		"amoungst", "amount", "an", "and", "another", "any", "anyhow", "anyone", "anything", "anyway",
		"anywhere", "are", "around", "as", "at", "back", "be", "became", "because", "become",
		"becomes", "becoming", "been", "before", "beforehand", "behind", "being", "below", "beside",
		"besides", "between", "beyond", "bill", "both", "bottom", "but", "by", "call", "can", "cannot",
		"cant", "co", "con", "could", "couldnt", "cry", "de", "describe", "detail", "do", "done",
		"down", "due", "during", "each", "eg", "eight", "either", "eleven", "else", "elsewhere",
		"empty", "enough", "etc", "even", "ever", "every", "everyone", "everything", "everywhere",
		"except", "few", "fifteen", "fifty", "fill", "find", "fire", "first", "five", "for", "former",
		"formerly", "forty", "found", "four", "from", "front", "full", "further", "get", "give", "go",
		"had", "has", "hasnt", "have", "he", "hence", "her", "here", "hereafter", "hereby", "herein",
		"hereupon", "hers", "herself", "him", "himself", "his", "how", "however", "hundred", "i", "ie",
		"if", "in", "inc", "indeed", "interest", "into", "is", "it", "its", "itself", "keep", "last",
		"latter", "latterly", "least", "less", "ltd", "made", "many", "may", "me", "meanwhile",
		"might", "mill", "mine", "more", "moreover", "most", "mostly", "move", "much", "must", "my",
		"myself", "name", "namely", "neither", "never", "nevertheless", "next", "nine", "no", "nobody",
		"none", "noone", "nor", "not", "nothing", "now", "nowhere", "of", "off", "often", "on", "once",
		"one", "only", "onto", "or", "other", "others", "otherwise", "our", "ours", "ourselves", "out",
		"over", "own", "part", "per", "perhaps", "please", "put", "rather", "re", "same", "see",
		"seem", "seemed", "seeming", "seems", "serious", "several", "she", "should", "show", "side",
		"since", "sincere", "six", "sixty", "so", "some", "somehow", "someone", "something",
		"sometime", "sometimes", "somewhere", "still", "such", "system", "take", "ten", "than", "that",
		"the", "their", "them", "themselves", "then", "thence", "there", "thereafter", "thereby",
		"therefore", "therein", "thereupon", "these", "they", "thick", "thin", "third", "this",
		"those", "though", "three", "through", "throughout", "thru", "thus", "to", "together", "too",
		"top", "toward", "towards", "twelve", "twenty", "two", "un", "under", "until", "up", "upon",
		"us", "very", "via", "was", "we", "well", "were", "what", "whatever", "when", "whence",
		"whenever", "where", "whereafter", "whereas", "whereby", "wherein", "whereupon", "wherever",
		"whether", "which", "while", "whither", "who", "whoever", "whole", "whom", "whose", "why",
		"will", "with", "within", "without", "would", "yet", "you", "your", "yours", "yourself",
		"yourselves":
		return true
	}
	return false
}
