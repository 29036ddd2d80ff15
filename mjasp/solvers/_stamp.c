/* Linked into each module that Cython compiles from a .py file (setup.py, compiled_python):
 * MJASP_SOURCE_STAMP is "mjasp-source-crc32:" and the CRC-32 of that .py file at build time,
 * text that the loader finds in the built file before importing it
 * (mjasp/solvers/extensions.py, STAMP): a stale build never runs. */
#if defined(__GNUC__)
__attribute__((used))
#endif
const char mjasp_source_stamp[] = MJASP_SOURCE_STAMP;
