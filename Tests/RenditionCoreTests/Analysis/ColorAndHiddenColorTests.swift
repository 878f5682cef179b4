import RenditionCore
import Testing

@Suite("Lab colours and hidden colour")
struct ColorAndHiddenColorTests {
    @Test("Lab of sRGB primaries matches the CIE reference values")
    func lab() {
        func close(_ c: LabColor, _ l: Float, _ a: Float, _ b: Float) -> Bool {
            abs(c.l - l) < 0.05 && abs(c.a - a) < 0.05 && abs(c.b - b) < 0.05
        }
        #expect(close(LabColor(.white), 100, 0, 0))
        #expect(close(LabColor(.black), 0, 0, 0))
        // sRGB red, green, blue in Lab (D65): standard published values.
        #expect(close(LabColor(RGBColor(255, 0, 0)), 53.24, 80.09, 67.20))
        #expect(close(LabColor(RGBColor(0, 255, 0)), 87.73, -86.18, 83.18))
        #expect(close(LabColor(RGBColor(0, 0, 255)), 32.30, 79.19, -107.86))
        #expect(abs(LabColor(.white).distance(to: LabColor(.black)) - 100) < 0.05)
    }

    @Test("hex colours parse and print")
    func hex() {
        #expect(RGBColor(hex: "#ff8000") == RGBColor(255, 128, 0))
        #expect(RGBColor(hex: "0a0B0c") == RGBColor(10, 11, 12))
        #expect(RGBColor(hex: "#fff") == nil && RGBColor(hex: "#gg0000") == nil)
        #expect(RGBColor(1, 171, 255).hex == "#01abff")
    }

    @Test("colour under zero alpha is counted exactly, vector path and tail alike", arguments: [1, 7, 8, 9, 31, 618])
    func hiddenColor(width: Int) {
        let height = 5
        var straight = StraightRGBAImage(
            width: width, height: height, bytes: [UInt8](repeating: 0, count: width * height * 4))
        var expectedTransparent = 0, expectedColored = 0
        var sum = (0, 0, 0)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                switch (x * 7 + y * 3) % 5 {
                case 0:  // opaque
                    straight.bytes[o] = 10
                    straight.bytes[o + 3] = 255
                case 1:  // transparent and black
                    expectedTransparent += 1
                case 2:  // transparent with colour
                    straight.bytes[o] = 255
                    straight.bytes[o + 1] = UInt8(x % 256)
                    straight.bytes[o + 2] = 3
                    expectedTransparent += 1
                    expectedColored += 1
                    sum = (sum.0 + 255, sum.1 + x % 256, sum.2 + 3)
                case 3:  // half transparent
                    straight.bytes[o + 1] = 200
                    straight.bytes[o + 3] = 128
                default:  // transparent, only blue
                    straight.bytes[o + 2] = 1
                    expectedTransparent += 1
                    expectedColored += 1
                    sum = (sum.0, sum.1, sum.2 + 1)
                }
            }
        }
        let hidden = HiddenColor(straight: straight)
        #expect(hidden.transparentPixels == expectedTransparent && hidden.coloredPixels == expectedColored)
        if expectedColored > 0 {
            let n = Double(expectedColored)
            #expect(hidden.meanColor == RGBColor(clamping: Double(sum.0) / n, Double(sum.1) / n, Double(sum.2) / n))
        }
    }
}
