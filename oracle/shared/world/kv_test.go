package world

import (
	"errors"
	"testing"
)

func TestARangeAtAnOldRevisionSeesTheVersionsOfThen(t *testing.T) {
	kv := NewKV()
	kv.Put("/pods/default/a") // 2
	kv.Put("/pods/default/b") // 3
	kv.Put("/pods/default/a") // 4
	kv.Put("/pods/default/c") // 5
	items, more, rev, err := kv.Range("/pods/", "/pods0", 3, 0)
	if err != nil || more || rev != 3 || len(items) != 2 || items[0].ModRev != 2 || items[1].Key != "/pods/default/b" {
		t.Fatalf("at 3: %+v more=%v rev=%d err=%v; want a@2, b@3", items, more, rev, err)
	}
	items, more, _, _ = kv.Range("/pods/default/a\x00", "/pods0", 0, 1)
	if len(items) != 1 || items[0].Key != "/pods/default/b" || !more || kv.Count("/pods/", "/pods0", 5) != 3 {
		t.Fatalf("page after a: %+v more=%v; want b and more", items, more)
	}
}

func TestCompactionRefusesOlderReadsAndKeepsWhatNewerOnesSee(t *testing.T) {
	kv := NewKV()
	kv.Put("/pods/default/a") // 2
	kv.Put("/pods/default/a") // 3
	kv.Bump()                 // 4
	kv.Compact(4)
	if _, _, _, err := kv.Range("/pods/", "/pods0", 3, 0); !errors.Is(err, ErrCompacted) {
		t.Fatalf("a read at 3 after compacting to 4: %v; want ErrCompacted", err)
	}
	items, _, _, err := kv.Range("/pods/", "/pods0", 4, 0)
	if err != nil || len(items) != 1 || items[0].ModRev != 3 {
		t.Fatalf("a read at 4: %+v %v; want a@3", items, err)
	}
	if _, err := kv.ChangesAfter(2); !errors.Is(err, ErrCompacted) {
		t.Fatalf("a watch from 2 after compacting to 4: %v; want ErrCompacted", err)
	}
}
