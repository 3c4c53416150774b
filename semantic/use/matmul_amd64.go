package use

import "golang.org/x/sys/cpu"

// kernel4x16 adds A[0:4, 0:k] · B[0:k, 0:16] to C[0:4, 0:16] (row-major,
// strides in elements), with AVX2 and FMA (matmul_amd64.s).
//
//go:noescape
func kernel4x16(k int, a *float32, lda int, b *float32, ldb int, c *float32, ldc int)

// hasFMA reports whether kernel4x16 can run here.
var hasFMA = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// matmulFast does what matmul does, with kernel4x16 for blocks of 4 rows
// and 16 columns, and reports whether it could: it needs AVX2 and FMA and
// n a multiple of 16.
func matmulFast(dst, a, b []float32, rows, k, n int) bool {
	if !hasFMA || n%16 != 0 || rows < 4 || k == 0 {
		return false
	}
	_ = a[rows*k-1]
	_ = b[k*n-1]
	_ = dst[rows*n-1]
	full := rows &^ 3
	for j := 0; j < n; j += 16 {
		for r := 0; r < full; r += 4 {
			kernel4x16(k, &a[r*k], k, &b[j], n, &dst[r*n+j], n)
		}
	}
	matmulGo(dst[full*n:], a[full*k:], b, rows-full, k, n)
	return true
}
