package textfeat

// The lexicons below are small and hand-written for argumentative English
// about policy topics; they are cues for the models and the lexical
// baseline, not a general sentiment resource.

// Sentiment returns +1 for a positive word, -1 for a negative one and 0
// otherwise. w must be lower case.
func Sentiment(w string) int {
	switch w {
	case "good", "great", "better", "best", "benefit", "benefits", "beneficial", "benefited",
		"advantage", "advantages", "advantageous", "positive", "positively", "safe", "safer",
		"safest", "safety", "effective", "effectively", "efficient", "success", "successful",
		"successfully", "improve", "improves", "improved", "improvement", "improving",
		"help", "helps", "helped", "helping", "helpful", "protect", "protects", "protected",
		"protection", "protecting", "right", "rights", "freedom", "free", "fair", "fairness",
		"justice", "just", "clean", "cleaner", "cheap", "cheaper", "affordable", "reliable",
		"valuable", "useful", "important", "necessary", "essential", "healthy", "healthier",
		"support", "supports", "supported", "reduce", "reduces", "reduced", "reducing",
		"prevent", "prevents", "prevented", "prevention", "save", "saves", "saved", "saving",
		"lives", "opportunity", "opportunities", "growth", "boost", "boosts", "increase",
		"increases", "gain", "gains", "encourage", "encourages", "promote", "promotes",
		"responsible", "equality", "equal", "respect", "dignity", "moral", "ethical",
		"humane", "compassionate", "legitimate", "valid", "proven", "innovation", "innovative",
		"cure", "cures", "treat", "treatment", "treatments", "relief", "medicinal", "deter",
		"deters", "deterrent", "deterrence", "secure", "security", "stable", "stability",
		"renewable", "sustainable", "independence", "independent", "choice", "choose",
		"allow", "allows", "allowed", "enable", "enables", "empower", "empowers",
		"win", "wins", "love", "hope", "wonderful", "excellent", "worth", "favor", "favour",
		"agree", "agrees", "reasonable", "sensible", "correct", "true", "welcome", "welcomed":
		return 1
	case "bad", "worse", "worst", "harm", "harms", "harmful", "harmed", "harming", "danger",
		"dangers", "dangerous", "risk", "risks", "risky", "unsafe", "kill", "kills", "killed",
		"killing", "murder", "murders", "murdered", "die", "dies", "died", "dead", "deadly",
		"damage", "damages", "damaging", "destroy", "destroys", "destroyed", "destruction",
		"problem", "problems", "problematic", "fail", "fails", "failed", "failure", "failures",
		"wrong", "wrongly", "unfair", "unjust", "injustice", "immoral", "unethical", "evil",
		"cruel", "inhumane", "barbaric", "violence", "violent", "crime", "crimes", "criminal",
		"abuse", "abused", "addiction", "addictive", "addicted", "disease", "diseases",
		"cancer", "illness", "pain", "suffer", "suffers", "suffering", "threat", "threats",
		"threaten", "threatens", "costly", "expensive", "waste", "wasteful", "toxic",
		"pollution", "pollute", "accident", "accidents", "disaster", "disasters",
		"catastrophe", "catastrophic", "loss", "losses", "lose", "loses", "lost", "hurt",
		"hurts", "ineffective", "useless", "unnecessary", "negative", "negatively", "poor",
		"poverty", "unemployment", "jobless", "layoffs", "fear", "afraid", "victim", "victims",
		"innocent", "error", "errors", "mistake", "mistakes", "flawed", "bias", "biased",
		"discrimination", "discriminatory", "racist", "oppression", "restrict", "restricts",
		"restriction", "restrictions", "ban", "bans", "banned", "banning", "prohibit",
		"prohibits", "prohibited", "prohibition", "illegal", "against", "oppose", "opposes",
		"opposed", "concern", "concerns", "worry", "worries", "serious", "severe", "crisis",
		"decline", "declines", "undermine", "undermines", "exploit", "exploitation",
		"terrible", "horrible", "awful", "dangerously", "radioactive", "meltdown", "waste's",
		"conformity", "bullying", "cost", "costs", "burden", "tax", "taxes", "lie", "lies",
		"disagree", "disagrees", "false", "myth", "unconstitutional", "violate", "violates",
		"violation", "deny", "denies", "denied", "forced", "force", "forces", "slavery":
		return -1
	}
	return 0
}

// IsNegation reports whether w is a negation cue that starts a negation
// scope. w must be lower case.
func IsNegation(w string) bool {
	switch w {
	case "not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "nowhere",
		"without", "hardly", "barely", "scarcely", "lack", "lacks", "lacking", "cannot":
		return true
	}
	return false
}

// Direction returns +1 for a word that argues for keeping, allowing or
// expanding what follows it ("legalize", "allow", "keep", "support"), -1 for
// one that argues for removing or forbidding it ("ban", "prohibit",
// "abolish", "oppose") and 0 otherwise. w must be lower case.
func Direction(w string) int {
	switch w {
	case "allow", "allows", "allowed", "allowing", "legalize", "legalizes", "legalized",
		"legalizing", "legalise", "legalised", "legalising", "legalization", "legalisation",
		"legal", "permit", "permits", "permitted", "permitting", "keep", "keeps", "kept",
		"keeping", "maintain", "maintains", "retain", "retains", "support", "supports",
		"supported", "supporting", "favor", "favors", "favour", "favours", "adopt", "adopts",
		"introduce", "introduces", "expand", "expands", "expanding", "require", "requires",
		"required", "requiring", "mandate", "mandates", "mandatory", "enforce", "enforces",
		"increase", "increases", "increasing", "raise", "raises", "raising", "promote",
		"promotes", "encourage", "encourages", "pro", "for", "implement", "implemented":
		return 1
	case "ban", "bans", "banned", "banning", "prohibit", "prohibits", "prohibited",
		"prohibiting", "prohibition", "abolish", "abolishes", "abolished", "abolishing",
		"abolition", "outlaw", "outlaws", "outlawed", "illegal", "criminalize",
		"criminalized", "oppose", "opposes", "opposed", "opposing", "against", "reject",
		"rejects", "rejected", "end", "ends", "ending", "stop", "stops", "stopped", "stopping",
		"eliminate", "eliminates", "eliminated", "eliminating", "repeal", "repeals",
		"repealed", "restrict", "restricts", "restricted", "restricting", "limit", "limits",
		"limited", "limiting", "reduce", "reduces", "reducing", "lower", "cut", "cuts",
		"phase", "forbid", "forbids", "forbidden", "anti", "abandon", "abandoned":
		return -1
	}
	return 0
}

// IsStopword reports whether w is a function word that carries no topic.
// w must be lower case.
func IsStopword(w string) bool {
	switch w {
	case "a", "an", "the", "of", "in", "on", "at", "to", "for", "by", "with", "from", "and",
		"or", "but", "is", "are", "was", "were", "be", "been", "being", "it", "its", "this",
		"that", "these", "those", "as", "we", "should", "do", "does", "did", "i", "you", "he",
		"she", "they", "them", "our", "their", "his", "her", "my", "your", "about", "into",
		"than", "then", "so", "if", "can", "could", "would", "will", "shall", "may", "might",
		"must", "have", "has", "had", "there", "here", "what", "which", "who", "whom",
		"whether", "all", "any", "some", "more", "most", "such", "also", "very", "'s":
		return true
	}
	return false
}
