// mir.dims: the integer that encodes a dynamic dim in memory (INT64_MIN) is not a size for `?`.
func.func @dims_size_kdynamic(%x: tensor<?xf32> {mir.dims = [-9223372036854775808]}) {
  return
}
