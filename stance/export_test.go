package stance

// MaxText is the longest text a Tagger takes, for the package's external
// tests.
const MaxText = maxText
