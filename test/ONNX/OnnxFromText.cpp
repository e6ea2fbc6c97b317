//===- OnnxFromText.cpp - ONNX text syntax to a .onnx file (tests) --------===//
//
//   rlx-onnx-from-text model.txt -o model.onnx
//
// Parses ONNX's text syntax (onnx::OnnxParser) and writes the binary model,
// so lit tests keep their models as readable text instead of committed
// binaries. The model is written as parsed, unchecked: tests feed broken
// models to rlx on purpose. Built with -fexceptions (ONNX's headers).
//
//===----------------------------------------------------------------------===//
#include "onnx/defs/parser.h"
#include "onnx/onnx_pb.h"

#include <fstream>
#include <iostream>
#include <sstream>

int main(int argc, char **argv) {
  if (argc != 4 || std::string(argv[2]) != "-o") {
    std::cerr << "usage: rlx-onnx-from-text model.txt -o model.onnx\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "rlx-onnx-from-text: cannot read " << argv[1] << "\n";
    return 1;
  }
  std::stringstream text;
  text << in.rdbuf();
  onnx::ModelProto model;
  try {
    onnx::Status status = onnx::OnnxParser::Parse(model, text.str().c_str());
    if (!status.IsOK()) {
      std::cerr << "rlx-onnx-from-text: " << argv[1] << ": "
                << status.ErrorMessage() << "\n";
      return 1;
    }
  } catch (const std::exception &e) {
    std::cerr << "rlx-onnx-from-text: " << argv[1] << ": " << e.what() << "\n";
    return 1;
  }
  std::ofstream out(argv[3], std::ios::binary);
  if (!out || !model.SerializeToOstream(&out)) {
    std::cerr << "rlx-onnx-from-text: cannot write " << argv[3] << "\n";
    return 1;
  }
  return 0;
}
