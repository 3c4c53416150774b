package densevec

import "golang.org/x/sys/cpu"

// hasAVX2 says whether dotsAVX2 can run here.
var hasAVX2 = cpu.X86.HasAVX2

// dotsAVX2 sets out[i] to the dot product of q (chunks·16 int16) with row
// i of rows (n rows of chunks·16 int8), for i < n. chunks > 0.
//
//go:noescape
func dotsAVX2(q *int16, rows *int8, n, chunks int, out *int32)

// dots sets out[i] to the dot product of q with row i of rows (rows of
// len(q) int8 each, len(q) a multiple of 16), for every i < len(out).
func dots(q []int16, rows []int8, out []int32) {
	if hasAVX2 && len(out) > 0 {
		_ = rows[len(out)*len(q)-1]
		dotsAVX2(&q[0], &rows[0], len(out), len(q)/16, &out[0])
		return
	}
	dotsGo(q, rows, out)
}
