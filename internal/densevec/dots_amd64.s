#include "textflag.h"

// func dotsAVX2(q *int16, rows *int8, n, chunks int, out *int32)
TEXT ·dotsAVX2(SB), NOSPLIT, $0-40
	MOVQ q+0(FP), AX
	MOVQ rows+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ chunks+24(FP), DX
	MOVQ out+32(FP), DI

row:
	TESTQ CX, CX
	JZ    done
	VPXOR Y0, Y0, Y0
	MOVQ  AX, R8
	MOVQ  DX, R9

chunk:
	VPMOVSXBW (SI), Y1
	VPMADDWD  (R8), Y1, Y1
	VPADDD    Y1, Y0, Y0
	ADDQ      $16, SI
	ADDQ      $32, R8
	DECQ      R9
	JNZ       chunk

	VEXTRACTI128 $1, Y0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0x4E, X0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0xB1, X0, X1
	VPADDD       X1, X0, X0
	VMOVD        X0, (DI)
	ADDQ         $4, DI
	DECQ         CX
	JMP          row

done:
	VZEROUPPER
	RET
