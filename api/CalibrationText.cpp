//===- CalibrationText.cpp - The calibration file's text ------------------===//
#include "api/CalibrationText.h"

#include <set>
#include <sstream>

namespace rlx {

std::string formatCalibration(const DeviceCostModel &model) {
  std::ostringstream os;
  os.precision(17);
  os << kCalibrationMagic << "\n"
     << "device " << deviceName(model.device) << "\n"
     << "fingerprint " << model.fingerprint << "\n";
  for (auto &[n, gflops] : model.matmulGflops)
    os << "matmul " << n << " " << gflops << "\n";
  os << "bandwidth " << model.bandwidthGBps << "\n"
     << "dispatch " << model.dispatchMicros << "\n"
     << "run " << model.runMicros << "\n";
  return os.str();
}

std::optional<DeviceCostModel>
parseCalibration(std::string_view text, Device device,
                 const std::string &fingerprint) {
  std::istringstream in{std::string(text)};
  std::string line;
  if (!std::getline(in, line) || line != kCalibrationMagic)
    return std::nullopt;
  DeviceCostModel model;
  model.device = device;
  bool sawDevice = false, sawFingerprint = false;
  std::set<std::string> scalars;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string key;
    fields >> key;
    if (key == "fingerprint") {
      if (line.size() < 12 || line.substr(12) != fingerprint)
        return std::nullopt;
      sawFingerprint = true;
      continue;
    }
    if (key == "device") {
      std::string name;
      fields >> name;
      if (name != deviceName(device))
        return std::nullopt;
      sawDevice = true;
    } else if (key == "matmul") {
      int64_t n = 0;
      double gflops = 0;
      if (!(fields >> n >> gflops))
        return std::nullopt;
      model.matmulGflops.push_back({n, gflops});
    } else if (key == "bandwidth" || key == "dispatch" || key == "run") {
      double value = 0;
      if (!(fields >> value) || !scalars.insert(key).second)
        return std::nullopt;
      (key == "bandwidth"  ? model.bandwidthGBps
       : key == "dispatch" ? model.dispatchMicros
                           : model.runMicros) = value;
    } else {
      return std::nullopt;
    }
    std::string extra;
    if (fields >> extra)
      return std::nullopt;
  }
  if (!sawDevice || !sawFingerprint || scalars.size() != 3 || !model.valid())
    return std::nullopt;
  model.fingerprint = fingerprint;
  return model;
}

} // namespace rlx
