import Glibc
import ScrimCore

/// What a live window's frame printed while the REPL's prompt was on screen (a callback's `print`, an error
/// report): standard output and error go to files of their own during the frame, so that the editor can clear
/// the prompt line, write them, and draw the prompt and the line being typed again below them, instead of the
/// output running into the prompt (`scrim> [0.250 s] …`).
final class OutputCapture {
    private let files: [(descriptor: Int32, file: UnsafeMutablePointer<FILE>)]

    /// Nil if the temporary files cannot be made (output then goes straight to the terminal, as before).
    init?() {
        var files: [(Int32, UnsafeMutablePointer<FILE>)] = []
        for descriptor in [STDOUT_FILENO, STDERR_FILENO] {
            guard let file = tmpfile() else {
                for (_, made) in files { fclose(made) }
                return nil
            }
            files.append((descriptor, file))
        }
        self.files = files
    }

    deinit {
        for (_, file) in files { fclose(file) }
    }

    /// Runs `body` with standard output and error caught; returns its result and what each printed.
    func capture<T>(_ body: () -> T) -> (result: T, output: [[UInt8]]) {
        fflush(standardOutput)
        fflush(standardErrorStream)
        let saved = files.map { dup($0.descriptor) }
        for ((descriptor, file), copy) in zip(files, saved) where copy >= 0 {
            dup2(fileno(file), descriptor)
        }
        let result = body()
        fflush(standardOutput)
        fflush(standardErrorStream)
        var output: [[UInt8]] = []
        for ((descriptor, file), copy) in zip(files, saved) {
            if copy >= 0 {
                dup2(copy, descriptor)
                close(copy)
            }
            output.append(OutputCapture.drain(fileno(file)))
        }
        return (result, output)
    }

    /// What was written to `descriptor` since it was last drained; it is emptied.
    private static func drain(_ descriptor: Int32) -> [UInt8] {
        let size = Int(lseek(descriptor, 0, SEEK_END))
        guard size > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: size)
        let count = pread(descriptor, &bytes, size, 0)
        _ = ftruncate(descriptor, 0)
        _ = lseek(descriptor, 0, SEEK_SET)
        return Array(bytes.prefix(max(0, count)))
    }
}
