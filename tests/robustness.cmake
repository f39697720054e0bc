# ctest entries of the robustness tests that need their own process settings (filled in by the oom work).
