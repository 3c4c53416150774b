package comparative

// ReadStances lets the tests of package comparative_test read stance
// judgments from a string.
var ReadStances = readStances
