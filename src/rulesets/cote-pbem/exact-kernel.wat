;; The exact solver's innermost loop, in WebAssembly text: see exact-kernel.ts for what it reads
;; and writes, and docs/odds.md for the sweep. `npm run build:kernel` compiles it into
;; exact-kernel-wasm.ts; test/odds-kernel.test.ts checks that the two agree.
;;
;; Both functions take element indices into the heap (F: 8-byte floats, I: 4-byte ints), as the
;; solver's typed arrays count them, and work on byte addresses inside. An entry of a round
;; order is 7 ints (28 bytes): slot, shooter, own, other, same, keep, drop.
(module
  (import "env" "memory" (memory 1))

  ;; Entries [from, to) of a round order: a shot from every state that holds probability. It
  ;; returns the states swept; the retreats go to F[gf + retreatAt], the pending shots after
  ;; those already in I[gi + 16].
  (func $sweep (param $from i32) (param $to i32) (param $entries i32) (param $cur i32)
    (param $breach i32) (param $gf i32) (param $gi i32) (param $ob i32) (param $firing i32)
    (param $stride i32) (param $retreater i32) (param $pendM i32) (param $pendE i32)
    (param $retreatAt i32)
    (result i32)
    (local $e i32) (local $stop i32) (local $at i32) (local $s i32) (local $other i32)
    (local $same i32) (local $k i32) (local $kf i32) (local $o i32) (local $end i32)
    (local $out i32) (local $drop i32) (local $states i32) (local $pending i32)
    (local $m f64) (local $q f64) (local $b f64) (local $retreat f64)
    ;; Byte addresses from here on.
    (local.set $cur (i32.shl (local.get $cur) (i32.const 3)))
    (local.set $breach (i32.shl (local.get $breach) (i32.const 3)))
    (local.set $gf (i32.shl (local.get $gf) (i32.const 3)))
    (local.set $gi (i32.shl (local.get $gi) (i32.const 2)))
    (local.set $ob (i32.shl (local.get $ob) (i32.const 3)))
    (local.set $firing (i32.shl (local.get $firing) (i32.const 2)))
    (local.set $pendM (i32.shl (local.get $pendM) (i32.const 3)))
    (local.set $pendE (i32.shl (local.get $pendE) (i32.const 2)))
    (local.set $e (i32.shl (i32.add (local.get $entries) (i32.mul (local.get $from) (i32.const 7))) (i32.const 2)))
    (local.set $stop (i32.shl (i32.add (local.get $entries) (i32.mul (local.get $to) (i32.const 7))) (i32.const 2)))
    (local.set $pending (i32.load offset=64 (local.get $gi)))
    (block $done
      (loop $next
        ;; Most slots are empty: skipped in a loop of their own.
        (block $found
          (loop $skip
            (br_if $done (i32.ge_u (local.get $e) (local.get $stop)))
            (local.set $at (i32.add (local.get $cur) (i32.shl (i32.load (local.get $e)) (i32.const 3))))
            (br_if $found (f64.ne (f64.load (local.get $at)) (f64.const 0)))
            (local.set $e (i32.add (local.get $e) (i32.const 28)))
            (br $skip)))
        (local.set $m (f64.load (local.get $at)))
        (f64.store (local.get $at) (f64.const 0))
        (local.set $states (i32.add (local.get $states) (i32.const 1)))
        (local.set $s (i32.load offset=4 (local.get $e)))
        (local.set $other (i32.load offset=12 (local.get $e)))
        (local.set $same (i32.shl (i32.load offset=16 (local.get $e)) (i32.const 3)))
        (local.set $k (i32.load (i32.add (local.get $firing)
          (i32.shl (i32.add (i32.mul (local.get $s) (local.get $stride)) (i32.load offset=8 (local.get $e))) (i32.const 2)))))
        (local.set $kf (i32.add (local.get $gf) (i32.shl (local.get $k) (i32.const 3))))
        (local.set $q (f64.load (local.get $kf)))
        (if (f64.gt (local.get $q) (f64.const 0))
          (then
            (if (i32.eq (local.get $s) (local.get $retreater))
              (then (local.set $retreat (f64.add (local.get $retreat) (f64.mul (local.get $m) (local.get $q)))))
              (else
                (local.set $at (i32.add (local.get $cur) (local.get $same)))
                (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.mul (local.get $m) (local.get $q))))))))
        (local.set $b (f64.load offset=64 (local.get $kf)))
        (if (f64.gt (local.get $b) (f64.const 0))
          (then
            (local.set $at (i32.add (local.get $breach) (local.get $same)))
            (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.mul (local.get $m) (local.get $b))))))
        ;; The outcomes that change the forces: KEEP when the loss takes a unit that has fired
        ;; (other < threshold), else DROP, the field after it.
        (local.set $o (i32.shl (local.get $k) (i32.const 2)))
        (local.set $end (i32.add (local.get $o) (i32.load offset=384 (i32.add (local.get $ob) (i32.shl (local.get $k) (i32.const 2))))))
        (block $outs
          (loop $outcome
            (br_if $outs (i32.ge_s (local.get $o) (local.get $end)))
            (local.set $out (i32.add (local.get $gi)
              (i32.shl (i32.load offset=256 (i32.add (local.get $ob) (i32.shl (local.get $o) (i32.const 2)))) (i32.const 3))))
            (local.set $drop (i32.shr_u (i32.sub (i32.sub (i32.load offset=4 (local.get $out)) (local.get $other)) (i32.const 1)) (i32.const 31)))
            (local.set $at (i32.shl (i32.add (i32.load (local.get $out))
              (i32.load offset=20 (i32.add (local.get $e) (i32.shl (local.get $drop) (i32.const 2))))) (i32.const 3)))
            (f64.store (local.get $at) (f64.add (f64.load (local.get $at))
              (f64.mul (local.get $m) (f64.load (i32.add (local.get $ob) (i32.shl (local.get $o) (i32.const 3)))))))
            (local.set $o (i32.add (local.get $o) (i32.const 1)))
            (br $outcome)))
        (if (i32.gt_s (i32.load offset=416 (i32.add (local.get $ob) (i32.shl (local.get $k) (i32.const 2)))) (i32.const 0))
          (then
            (f64.store (i32.add (local.get $pendM) (i32.shl (local.get $pending) (i32.const 3))) (local.get $m))
            (i32.store (i32.add (local.get $pendE) (i32.shl (local.get $pending) (i32.const 2))) (i32.shr_u (local.get $e) (i32.const 2)))
            (local.set $pending (i32.add (local.get $pending) (i32.const 1)))))
        (local.set $e (i32.add (local.get $e) (i32.const 28)))
        (br $next)))
    (f64.store (i32.add (local.get $gf) (i32.shl (local.get $retreatAt) (i32.const 3))) (local.get $retreat))
    (i32.store offset=64 (local.get $gi) (local.get $pending))
    (local.get $states))

  ;; A group's whole round: the slots off the no-change path, the cycle summed in closed
  ;; form (what has reached a slot of the path goes round it to the start with the path's
  ;; no-change probabilities), then the path. Where the retreat condition holds the path ends
  ;; in a retreat and there is no cycle.
  (func (export "round") (param $chainStart i32) (param $count i32) (param $start i32)
    (param $entries i32) (param $cur i32) (param $breach i32) (param $gf i32) (param $gi i32)
    (param $ob i32) (param $firing i32) (param $stride i32) (param $retreater i32) (param $pendM i32)
    (param $pendE i32) (result i32)
    (local $i i32) (local $e i32) (local $states i32) (local $startAt i32)
    (local $q f64) (local $back f64) (local $self f64)
    (i32.store offset=64 (i32.shl (local.get $gi) (i32.const 2)) (i32.const 0))
    (local.set $states (call $sweep (i32.const 0) (local.get $chainStart) (local.get $entries)
      (local.get $cur) (local.get $breach) (local.get $gf) (local.get $gi) (local.get $ob)
      (local.get $firing) (local.get $stride) (local.get $retreater) (local.get $pendM)
      (local.get $pendE) (i32.const 16)))
    (local.set $startAt (i32.shl (i32.add (local.get $cur) (local.get $start)) (i32.const 3)))
    (if (i32.lt_s (local.get $retreater) (i32.const 0))
      (then
        (local.set $self (f64.const 1))
        (local.set $i (local.get $chainStart))
        (block $closed
          (loop $path
            (br_if $closed (i32.ge_s (local.get $i) (local.get $count)))
            (local.set $e (i32.shl (i32.add (local.get $entries) (i32.mul (local.get $i) (i32.const 7))) (i32.const 2)))
            (local.set $q (f64.load (i32.shl (i32.add (local.get $gf)
              (i32.load (i32.shl (i32.add (i32.add (local.get $firing)
                (i32.mul (i32.load offset=4 (local.get $e)) (local.get $stride))) (i32.load offset=8 (local.get $e))) (i32.const 2)))) (i32.const 3))))
            (if (i32.gt_s (local.get $i) (local.get $chainStart))
              (then (local.set $back (f64.mul (f64.add (local.get $back)
                (f64.load (i32.shl (i32.add (local.get $cur) (i32.load (local.get $e))) (i32.const 3)))) (local.get $q)))))
            (local.set $self (f64.mul (local.get $self) (local.get $q)))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $path)))
        (f64.store (local.get $startAt) (f64.div (f64.add (f64.load (local.get $startAt)) (local.get $back))
          (f64.sub (f64.const 1) (local.get $self))))))
    (f64.store offset=144 (i32.shl (local.get $gf) (i32.const 3)) (f64.load (local.get $startAt)))
    (local.set $states (i32.add (local.get $states) (call $sweep (local.get $chainStart) (local.get $count)
      (local.get $entries) (local.get $cur) (local.get $breach) (local.get $gf) (local.get $gi)
      (local.get $ob) (local.get $firing) (local.get $stride) (local.get $retreater)
      (local.get $pendM) (local.get $pendE) (i32.const 17))))
    ;; The last shot of the path, when it changes nothing, starts a round already counted.
    (f64.store (local.get $startAt) (f64.const 0))
    (local.get $states)))
