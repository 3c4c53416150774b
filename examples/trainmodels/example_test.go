package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Train both models on a tiny UKP-format file and IBM claim file (the real
// run reads ../shared/data/labeled).
func Example() {
	dir, err := os.MkdirTemp("", "trainmodels")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	ukp := filepath.Join(dir, "ukp-sentential")
	os.Mkdir(ukp, 0o755)
	os.WriteFile(filepath.Join(ukp, "guns.tsv"), []byte("topic\tretrievedUrl\tarchivedUrl\tsentenceHash\tsentence\tannotation\tset\n"+
		"gun control\tu\tw\th\tGun control saves lives .\tArgument_for\ttrain\n"+
		"gun control\tu\tw\th\tGun control violates rights .\tArgument_against\ttrain\n"+
		"gun control\tu\tw\th\tThe page was updated .\tNoArgument\tval\n"), 0o644)
	claims := filepath.Join(dir, "ibm-claim-stance")
	os.Mkdir(claims, 0o755)
	os.WriteFile(filepath.Join(claims, "train.csv"), []byte("topicId,topicText,claims.stance,claims.claimCorrectedText\n"+
		"1,This house would ban smoking,PRO,Smoking kills people\n"+
		"1,This house would ban smoking,CON,Smokers have a right to choose\n"), 0o644)
	if err := train(context.Background(), dir, dir, sourcesShipped, io.Discard); err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range []string{"argumentative.lin", "stance.lin"} {
		_, err := os.Stat(filepath.Join(dir, name))
		fmt.Println(name, err == nil)
	}
	// Output:
	// argumentative.lin true
	// stance.lin true
}
