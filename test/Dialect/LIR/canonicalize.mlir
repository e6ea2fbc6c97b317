// RUN: rlx-opt %s -split-input-file -canonicalize="test-convergence max-iterations=10" | FileCheck %s
// RUN: rlx-opt %s -split-input-file -symbol-dce | FileCheck %s --check-prefix=DCE

// Unused views (Pure) are erased wherever they sit in the schedule, an unused
// alias of a used view's bytes included; used views, the dispatch, the
// manifest and the kernel stay as they were.
// CHECK-LABEL: lir.program @dead_views arena_size = 256 alignment = 64 {
// CHECK-NEXT:    lir.io input "x" at 0 : memref<16xf32>
// CHECK-NEXT:    lir.io output "y" at 64 : memref<16xf32>
// CHECK-NEXT:    lir.kernel @copy grid = [2] {
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: memref<16xf32>, %[[OUT:.+]]: memref<16xf32>):
// CHECK-NEXT:      memref.copy %[[IN]], %[[OUT]] : memref<16xf32> to memref<16xf32>
// CHECK-NEXT:      lir.return
// CHECK-NEXT:    }
// CHECK-NEXT:    lir.schedule {
// CHECK-NEXT:      %[[X:.+]] = lir.view at 0 : memref<16xf32>
// CHECK-NEXT:      %[[Y:.+]] = lir.view at 64 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @copy(%[[X]], %[[Y]]) : memref<16xf32>, memref<16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:   lir.view
lir.program @dead_views arena_size = 256 alignment = 64 {
  lir.io input "x" at 0 : memref<16xf32>
  lir.io output "y" at 64 : memref<16xf32>
  lir.kernel @copy grid = [2] {
  ^bb0(%in: memref<16xf32>, %out: memref<16xf32>):
    memref.copy %in, %out : memref<16xf32> to memref<16xf32>
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<16xf32>
    %dead = lir.view at 128 : memref<8xf32>
    %y = lir.view at 64 : memref<16xf32>
    %dead_alias = lir.view at 0 : memref<4x4xf32>
    lir.dispatch @copy(%x, %y) : memref<16xf32>, memref<16xf32>
    %late = lir.view at 192 : memref<16xi32>
  }
}

// -----

// A dispatch without operands has no results and is not Pure: it stays even
// though every view around it goes.
// CHECK-LABEL: lir.program @only_dispatch arena_size = 64 alignment = 64 {
// CHECK-NEXT:    lir.kernel @fill grid = [1] {
// CHECK-NEXT:      lir.return
// CHECK-NEXT:    }
// CHECK-NEXT:    lir.schedule {
// CHECK-NEXT:      lir.dispatch @fill(){{$}}
// CHECK-NEXT:    }
// CHECK-NEXT:  }
lir.program @only_dispatch arena_size = 64 alignment = 64 {
  lir.kernel @fill grid = [1] {
    lir.return
  }
  lir.schedule {
    %a = lir.view at 0 : memref<16xf32>
    lir.dispatch @fill()
    %b = lir.view at 0 : memref<4x4xf32>
  }
}

// -----

// Negative case: every view is used (two of them alias the same bytes), so
// nothing changes.
// CHECK-LABEL: lir.program @all_used arena_size = 128 alignment = 64 {
// CHECK-NEXT:    lir.io param "w" at 0 : memref<2x8xf32>
// CHECK-NEXT:    lir.io output "y" at 64 : memref<16xf32>
// CHECK-NEXT:    lir.kernel @flatten grid = [1] {
// CHECK-NEXT:    ^bb0(%{{.+}}: memref<2x8xf32>, %{{.+}}: memref<16xf32>):
// CHECK-NEXT:      lir.return
// CHECK-NEXT:    }
// CHECK-NEXT:    lir.kernel @scale grid = [2] {
// CHECK-NEXT:    ^bb0(%{{.+}}: memref<16xf32>, %{{.+}}: memref<16xf32>):
// CHECK-NEXT:      lir.return
// CHECK-NEXT:    }
// CHECK-NEXT:    lir.schedule {
// CHECK-NEXT:      %[[W:.+]] = lir.view at 0 : memref<2x8xf32>
// CHECK-NEXT:      %[[WFLAT:.+]] = lir.view at 0 : memref<16xf32>
// CHECK-NEXT:      %[[Y:.+]] = lir.view at 64 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @flatten(%[[W]], %[[WFLAT]]) : memref<2x8xf32>, memref<16xf32>
// CHECK-NEXT:      lir.dispatch @scale(%[[WFLAT]], %[[Y]]) : memref<16xf32>, memref<16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
lir.program @all_used arena_size = 128 alignment = 64 {
  lir.io param "w" at 0 : memref<2x8xf32>
  lir.io output "y" at 64 : memref<16xf32>
  lir.kernel @flatten grid = [1] {
  ^bb0(%a: memref<2x8xf32>, %b: memref<16xf32>):
    lir.return
  }
  lir.kernel @scale grid = [2] {
  ^bb0(%a: memref<16xf32>, %b: memref<16xf32>):
    lir.return
  }
  lir.schedule {
    %w = lir.view at 0 : memref<2x8xf32>
    %wflat = lir.view at 0 : memref<16xf32>
    %y = lir.view at 64 : memref<16xf32>
    lir.dispatch @flatten(%w, %wflat) : memref<2x8xf32>, memref<16xf32>
    lir.dispatch @scale(%wflat, %y) : memref<16xf32>, memref<16xf32>
  }
}

// -----

// An unused lir.workgroup_id (Pure) is erased; the used one stays. An
// undispatched kernel is a symbol and canonicalize keeps it.
// CHECK-LABEL: lir.program @ids arena_size = 64 alignment = 64 {
// CHECK-NEXT:    lir.kernel @row grid = [4, 2] {
// CHECK-NEXT:    ^bb0(%[[OUT:.+]]: memref<4xi32>):
// CHECK-NEXT:      %[[I:.+]] = lir.workgroup_id 0
// CHECK-NEXT:      %[[V:.+]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT:      memref.store %[[V]], %[[OUT]][%[[I]]] : memref<4xi32>
// CHECK-NEXT:      lir.return
// CHECK-NEXT:    }
// CHECK-NEXT:    lir.schedule {
// CHECK-NEXT:    }
// CHECK-NEXT:  }
lir.program @ids arena_size = 64 alignment = 64 {
  lir.kernel @row grid = [4, 2] {
  ^bb0(%out: memref<4xi32>):
    %i = lir.workgroup_id 0
    %j = lir.workgroup_id 1
    %v = arith.index_cast %i : index to i32
    memref.store %v, %out[%i] : memref<4xi32>
    lir.return
  }
  lir.schedule {
  }
}

// -----

// -symbol-dce: kernels are symbols of the program's table. A kernel without
// visibility is public and stays even when nothing dispatches it; a private
// one goes unless a dispatch names it. Dead views are not its business.
// DCE-LABEL: lir.program @kernels arena_size = 64 alignment = 64 {
// DCE-NEXT:    lir.kernel @used_private grid = [1] attributes {sym_visibility = "private"} {
// DCE-NEXT:    ^bb0(%{{.+}}: memref<4xf32>):
// DCE-NEXT:      lir.return
// DCE-NEXT:    }
// DCE-NEXT:    lir.kernel @unused_public grid = [1] {
// DCE-NEXT:      lir.return
// DCE-NEXT:    }
// DCE-NEXT:    lir.schedule {
// DCE-NEXT:      %[[V:.+]] = lir.view at 0 : memref<4xf32>
// DCE-NEXT:      %{{.+}} = lir.view at 16 : memref<4xf32>
// DCE-NEXT:      lir.dispatch @used_private(%[[V]]) : memref<4xf32>
// DCE-NEXT:    }
// DCE-NEXT:  }
// CHECK-LABEL: lir.program @kernels arena_size = 64 alignment = 64 {
// CHECK-NEXT:    lir.kernel @used_private grid = [1] attributes {sym_visibility = "private"} {
// CHECK:         lir.kernel @unused_private grid = [1] attributes {sym_visibility = "private"} {
// CHECK:         lir.kernel @unused_public grid = [1] {
lir.program @kernels arena_size = 64 alignment = 64 {
  lir.kernel @used_private grid = [1] attributes {sym_visibility = "private"} {
  ^bb0(%a: memref<4xf32>):
    lir.return
  }
  lir.kernel @unused_private grid = [1] attributes {sym_visibility = "private"} {
    lir.return
  }
  lir.kernel @unused_public grid = [1] {
    lir.return
  }
  lir.schedule {
    %v = lir.view at 0 : memref<4xf32>
    %w = lir.view at 16 : memref<4xf32>
    lir.dispatch @used_private(%v) : memref<4xf32>
  }
}

// -----

// -symbol-dce: a private program nothing refers to is erased whole, kernels
// and all; a public one beside it stays.
// DCE-NOT:     lir.program @hidden
// DCE-NOT:     lir.kernel @inner
// DCE-LABEL:   lir.program @shown arena_size = 0 alignment = 64 {
// DCE-NEXT:      lir.schedule {
// DCE-NEXT:      }
// DCE-NEXT:    }
// DCE-NEXT:  }
// CHECK-LABEL: lir.program @hidden arena_size = 64 alignment = 64 attributes {sym_visibility = "private"} {
// CHECK-NEXT:    lir.kernel @inner grid = [1] {
// CHECK:       lir.program @shown arena_size = 0 alignment = 64 {
lir.program @hidden arena_size = 64 alignment = 64 attributes {sym_visibility = "private"} {
  lir.kernel @inner grid = [1] {
    lir.return
  }
  lir.schedule {
  }
}
lir.program @shown arena_size = 0 alignment = 64 {
  lir.schedule {
  }
}
