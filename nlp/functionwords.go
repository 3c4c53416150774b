package nlp

// isFunctionWord reports whether w (lower case) is one of the English
// function words that Terms leaves out (see Terms).
func isFunctionWord(w string) bool {
	switch w {
	case "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any",
		"are", "aren't", "as", "at", "be", "because", "been", "before", "being", "below", "between",
		"both", "but", "by", "can", "can't", "cannot", "could", "couldn't", "did", "didn't", "do",
		"does", "doesn't", "doing", "don't", "don’t", "down", "during", "each", "few", "for", "from",
		"further", "get", "got", "had", "hadn't", "has", "hasn't", "have", "haven't", "having", "he",
		"he'd", "he'll", "he's", "her", "here", "here's", "hers", "herself", "him", "himself", "his",
		"how", "how's", "i", "i'd", "i'll", "i'm", "i've", "if", "in", "into", "is", "isn't", "it",
		"it's", "its", "itself", "it’s", "just", "let's", "may", "me", "might", "more", "most", "must",
		"mustn't", "my", "myself", "no", "nor", "not", "of", "off", "on", "once", "one", "ones", "only",
		"or", "other", "ought", "our", "ours", "ourselves", "out", "over", "own", "same", "shall",
		"shan't", "she", "she'd", "she'll", "she's", "should", "shouldn't", "so", "some", "such", "than",
		"that", "that's", "the", "their", "theirs", "them", "themselves", "then", "there", "there's",
		"these", "they", "they'd", "they'll", "they're", "they've", "this", "those", "through", "to",
		"too", "under", "until", "up", "us", "very", "was", "wasn't", "we", "we'd", "we'll", "we're",
		"we've", "were", "weren't", "what", "what's", "when", "when's", "where", "where's", "which",
		"while", "who", "who's", "whom", "why", "why's", "will", "with", "won't", "would", "wouldn't",
		"you", "you'd", "you'll", "you're", "you've", "your", "yours", "yourself", "yourselves":
		return true
	}
	return false
}
