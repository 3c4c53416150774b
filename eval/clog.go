package eval

import "math"

// trec_eval takes its logarithms from glibc, whose log and log2 are
// correctly rounded but for rare cases; Go's math.Log and math.Log2 can be
// one unit in the last place off (math.Log2(3) is). Sums of logarithms
// that cancel in trec_eval (yaap over topics) then print as "-0.0000"
// here. So the measures use logarithms computed in double-double
// arithmetic and rounded once.

// logs computes logarithms as glibc does (see above), and keeps those
// of the small integers, the discounts of nDCG.
type logs struct{ table []float64 }

// maxLogTable bounds the integers whose logarithm logs keeps.
const maxLogTable = 1 << 16

// log2 is C's log2 (see above); the NaN of a negative argument is glibc's,
// negative.
func (l *logs) log2(x float64) float64 {
	if x < 0 || x >= maxLogTable || x != math.Trunc(x) {
		return ddLog(x, true)
	}
	for n := len(l.table); n <= int(x); n++ {
		l.table = append(l.table, ddLog(float64(n), true))
	}
	return l.table[int(x)]
}

// logC is C's log (see above).
func logC(x float64) float64 { return ddLog(x, false) }

// negNaN returns the NaN x86 arithmetic makes (0/0, the log of a
// negative number in glibc), whose sign bit is set: C prints it as "-nan".
func negNaN() float64 { return math.Float64frombits(0xFFF8000000000000) }

// dd is a double-double: the unevaluated sum hi + lo, |lo| <= ulp(hi)/2.
type dd struct{ hi, lo float64 }

// ln 2 as a double-double.
const (
	ln2Hi = 0x1.62e42fefa39efp-1
	ln2Lo = 0x1.abc9e3b39803fp-56
)

func twoSum(a, b float64) dd {
	s := a + b
	v := s - a
	return dd{s, (a - (s - v)) + (b - v)}
}

func quickTwoSum(a, b float64) dd {
	s := a + b
	return dd{s, b - (s - a)}
}

func (a dd) add(b dd) dd {
	s := twoSum(a.hi, b.hi)
	t := twoSum(a.lo, b.lo)
	s.lo += t.hi
	s = quickTwoSum(s.hi, s.lo)
	s.lo += t.lo
	return quickTwoSum(s.hi, s.lo)
}

func (a dd) mul(b dd) dd {
	p := a.hi * b.hi
	e := math.FMA(a.hi, b.hi, -p)
	e += a.hi*b.lo + a.lo*b.hi
	return quickTwoSum(p, e)
}

func (a dd) div(b dd) dd {
	q1 := a.hi / b.hi
	r := a.add(b.mul(dd{-q1, 0}))
	q2 := r.hi / b.hi
	r = r.add(b.mul(dd{-q2, 0}))
	q3 := r.hi / b.hi
	return quickTwoSum(q1, q2).add(dd{q3, 0})
}

// ddLog returns the natural (or, with base2, binary) logarithm of x,
// correctly rounded but for cases closer to a tie than 2^-100: ln m by
// the series 2 atanh((m-1)/(m+1)) for x = m 2^e, m in [1/sqrt2, sqrt2).
func ddLog(x float64, base2 bool) float64 {
	switch {
	case x < 0:
		return negNaN()
	case x == 0:
		return math.Inf(-1)
	case math.IsInf(x, 1) || math.IsNaN(x):
		return x
	}
	m, e := math.Frexp(x)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	r := dd{m - 1, 0}.div(twoSum(m, 1)) // m-1 is exact
	s := r.mul(r)
	// atanh(r)/r = sum s^k/(2k+1); |s| < 0.0295, so 23 terms reach 2^-110.
	const terms = 23
	t := dd{1 / float64(2*terms+1), 0}
	for k := terms - 1; k >= 0; k-- {
		d := float64(2*k + 1)
		t = t.mul(s).add(dd{1, 0}.div(dd{d, 0}))
	}
	lnm := r.mul(t).mul(dd{2, 0})
	if base2 {
		return dd{float64(e), 0}.add(lnm.div(dd{ln2Hi, ln2Lo})).round()
	}
	return dd{float64(e), 0}.mul(dd{ln2Hi, ln2Lo}).add(lnm).round()
}

// round returns the double nearest to a.
func (a dd) round() float64 { return a.hi + a.lo }

// expC is C's exp, computed in double-double arithmetic and rounded once
// (glibc's exp is correctly rounded but for rare cases; math.Exp is not,
// and gm_map's and gm_bpref's means printed a different last digit).
func expC(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case x > 709.8:
		return math.Inf(1)
	case x < -745.2:
		return 0
	}
	// x = k ln2 + r, |r| <= ln2/2; exp(r) = exp(r/2^8)^(2^8).
	k := math.Round(x / ln2Hi)
	r := twoSum(x, -k*ln2Hi)
	r = r.add(dd{math.FMA(-k, ln2Hi, k*ln2Hi), 0}).add(dd{-k * ln2Lo, math.FMA(-k, ln2Lo, k*ln2Lo)})
	const halvings = 8
	r = r.mul(dd{1.0 / (1 << halvings), 0})
	// Taylor: |r| < 0.0014, so 10 terms reach 2^-110.
	sum, term := dd{1, 0}, dd{1, 0}
	for n := 1; n <= 10; n++ {
		term = term.mul(r).div(dd{float64(n), 0})
		sum = sum.add(term)
	}
	for range halvings {
		sum = sum.mul(sum)
	}
	return math.Ldexp(sum.hi, int(k)) + math.Ldexp(sum.lo, int(k))
}
